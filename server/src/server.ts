import { ConfigError, loadConfig } from './config';
import { SiteHost } from './host';
import { InstallError } from './modules/install/errors';

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

// The host owns the socket and the app behind it: the installed site, or the installer when the site
// is not installed (it switches to the installed site in-process when the browser installer finishes).
let host: SiteHost;
try {
  host = await SiteHost.start(config, { log: (line) => process.stdout.write(`agora: ${line}\n`) });
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  process.stderr.write(`agora: ${error.message}\n`);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    host.app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      host.app.log.error('requests still running after the grace period; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stops listening, closes idle keep-alive sockets, answers new requests on open sockets with 503,
    // waits for requests in flight, then closes the app (and with it the database).
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        host.app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}

try {
  await host.listen(config.host, config.port);
} catch (error) {
  host.app.log.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
  process.exit(1);
}
