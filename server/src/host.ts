import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, REQUEST_TIMEOUT_MS, type AppOptions, type AppSite } from './app';
import type { ServerConfig } from './config';
import { resolveLanguage, translate } from './i18n';
import { handleClientError } from './lib/client-error';
import { Installer } from './modules/install/installer';
import { openSite, type OpenedSite } from './site';

/** Node closes a kept-alive connection after this long without a request (Fastify's default). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface SiteHostOptions {
  /** The environment: unattended-install variables, AGORA_CONFIG (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Progress lines of the unattended install (default: none). */
  log?: (line: string) => void;
  /** Options of every app the host builds (tests: logStream, build). */
  app?: AppOptions;
}

/** One built app and what it serves: the requests it is answering right now. */
interface Running {
  app: FastifyInstance;
  site: OpenedSite;
  active: number;
  /** Resolves a wait for `active` to reach 0. */
  onIdle?: () => void;
}

/**
 * The process's HTTP server and the app behind it. The host owns the listening socket and hands each
 * request to the current app (`app.routing`), which lets it replace the app while running: a site
 * that is not installed is served by an install-mode app; when the installer's base-info step has
 * installed the site, `switchToInstalled()` opens it exactly as a start-up would (openSite +
 * buildApp), makes it current, and closes the install-mode app once the requests it was answering
 * (base-info's own among them) have finished. No restart, no dropped request.
 */
export class SiteHost {
  readonly server: Server;
  readonly #config: ServerConfig;
  readonly #options: SiteHostOptions;
  #current!: Running;
  readonly #retiring = new Set<Promise<void>>();
  readonly #responses = new Set<ServerResponse>();
  #switching: Promise<void> | undefined;
  #closing: Promise<void> | undefined;

  private constructor(config: ServerConfig, options: SiteHostOptions) {
    this.#config = config;
    this.#options = options;
    this.server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, (req, res) => this.#dispatch(req, res));
    this.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Requests Node's parser refuses (431, 408, 400) never reach the app: answer them in the envelope.
    this.server.on('clientError', handleClientError);
  }

  /** Opens the site (running the unattended install when asked) and builds its app; does not listen. */
  static async start(config: ServerConfig, options: SiteHostOptions = {}): Promise<SiteHost> {
    const host = new SiteHost(config, options);
    const site = await openSite(config, options.env ?? process.env, options.log);
    host.#current = await host.#build(site);
    return host;
  }

  /** The app answering new requests. */
  get app(): FastifyInstance {
    return this.#current.app;
  }

  get installed(): boolean {
    return this.#current.site.installed;
  }

  async #build(site: OpenedSite): Promise<Running> {
    let app: FastifyInstance | undefined;
    const appSite: AppSite = site.services
      ? { kind: 'installed', services: site.services }
      : {
          kind: 'install',
          installer: new Installer({
            dataDir: this.#config.dataDir,
            configFile: site.configFile,
            onInstalled: () => this.switchToInstalled(),
            log: (line, level = 'info') => app?.log[level](line),
          }),
        };
    try {
      app = await buildApp(this.#config, appSite, this.#options.app);
    } catch (error) {
      await site.close();
      throw error;
    }
    // After the app's last request: the database closes (no acknowledged write is lost).
    app.addHook('onClose', () => site.close());
    try {
      await app.ready();
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    return { app, site, active: 0 };
  }

  #dispatch(req: IncomingMessage, res: ServerResponse): void {
    if (this.#closing) {
      const lang = resolveLanguage(req.headers['accept-language']);
      const reason = 'base.service_unavailable';
      const body = JSON.stringify({ code: 503, reason, msg: translate(reason, lang), data: null });
      res.writeHead(503, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      res.end(body);
      return;
    }
    const running = this.#current;
    running.active += 1;
    this.#responses.add(res);
    res.once('close', () => {
      this.#responses.delete(res);
      running.active -= 1;
      if (running.active === 0) running.onIdle?.();
      if (this.#closing) this.server.closeIdleConnections();
    });
    running.app.routing(req, res);
  }

  /** Closes an app once the requests it is answering have finished. */
  #retire(running: Running): Promise<void> {
    const done = (async () => {
      if (running.active > 0) await new Promise<void>((resolve) => (running.onIdle = resolve));
      try {
        await running.app.close();
      } catch (error) {
        running.app.log.error({ err: error }, 'error while closing an app');
      }
    })();
    this.#retiring.add(done);
    void done.finally(() => this.#retiring.delete(done));
    return done;
  }

  /**
   * Serves the installed site from now on (called by the installer once the install record is
   * written). Opens the site without the unattended install, builds its app, swaps it in, and
   * retires the install-mode app after its last request. Safe to call twice.
   */
  switchToInstalled(): Promise<void> {
    if (this.#current.site.installed) return Promise.resolve();
    this.#switching ??= (async () => {
      const site = await openSite(this.#config, this.#options.env ?? process.env, this.#options.log, {
        autoInstall: false,
      });
      if (!site.installed) {
        await site.close();
        throw new Error(`the config file ${site.configFile} holds no install record`);
      }
      const next = await this.#build(site);
      const previous = this.#current;
      this.#current = next;
      next.app.log.info('the site is installed: now serving it');
      void this.#retire(previous);
    })().finally(() => {
      this.#switching = undefined;
    });
    return this.#switching;
  }

  /** Listens and logs `Server listening at http://host:port`; resolves with that URL. */
  async listen(host: string, port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${shown}:${address.port}`;
    this.app.log.info(`Server listening at ${url}`);
    return url;
  }

  /**
   * Graceful stop: no new connections; requests on open connections answer 503 with
   * `Connection: close`; requests in flight finish (their connections then close); then the app
   * closes, and with it the database.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      for (const res of this.#responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      const serverClosed = this.server.listening
        ? new Promise<void>((resolve) => this.server.close(() => resolve()))
        : Promise.resolve();
      this.server.closeIdleConnections();
      await this.#switching?.catch(() => undefined);
      await this.#retire(this.#current);
      await Promise.all([...this.#retiring]);
      await serverClosed;
    })();
    return this.#closing;
  }
}
