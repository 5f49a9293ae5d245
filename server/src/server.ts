import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { InstallError } from './modules/install/errors';
import { openSite, type OpenedSite } from './site';

/** How long in-flight requests get to finish after a stop signal before the process gives up. */
const SHUTDOWN_GRACE_MS = 25_000;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`agora: ${error.message}\n`);
  process.exit(1);
}

let site: OpenedSite;
try {
  site = await openSite(config, process.env, (line) => process.stdout.write(`agora: ${line}\n`));
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  process.stderr.write(`agora: ${error.message}\n`);
  process.exit(1);
}

const app = await buildApp(config, site.services);
// Runs after in-flight requests finished (app.close()), so no acknowledged write is lost.
app.addHook('onClose', () => site.close());

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops listening, closes idle keep-alive sockets, answers new requests on open sockets
    // with 503, waits for requests in flight, then runs onClose hooks (where databases will close).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
}
