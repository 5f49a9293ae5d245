import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InstallBaseInfoBody, InstallDbBody } from '@agora/shared-api/contract';
import type { DatabaseConfig } from '../../src/db/config';
import { SiteHost } from '../../src/host';
import { defaultConfig, type ServerConfig } from '../../src/config';
import { SHELL_INDEX } from '../helpers';

/**
 * A built site on disk (a shell with a hashed script, one remote) and a data directory without a
 * config file: a server on it starts in install mode. The caller removes `root` (TestHost.destroy).
 */
export function installConfig(): ServerConfig & { root: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'agora-installer-test-'));
  const write = (rel: string, content: string) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write('shell/index.html', SHELL_INDEX);
  write('shell/main.0123abcd.js', 'console.log("shell");');
  write('mf-install/remoteEntry.js', 'var mf_install = 1;');
  write('mf-install/mf-manifest.json', '{"id":"mf_install"}');
  mkdirSync(path.join(root, 'data'));
  return {
    ...defaultConfig(),
    root,
    dataDir: path.join(root, 'data'),
    shellDir: path.join(root, 'shell'),
    remotes: [{ name: 'mf_install', dir: path.join(root, 'mf-install') }],
    plugins: [],
    logLevel: 'silent',
  };
}

export const ADMIN = { name: 'Grace Admin', email: 'grace@example.com', password: 'install-pass-42' };

export const BASE_INFO: InstallBaseInfoBody = {
  lang: 'en_US',
  site_name: 'Installed Agora',
  site_url: 'https://agora.example.org/',
  contact_email: 'hello@example.org',
  name: ADMIN.name,
  password: ADMIN.password,
  email: ADMIN.email,
};

/**
 * The installer form for a database the test suite created. SQLite: the installer takes a file name in
 * its data directory, so the file must be (or be linked) there under that name.
 */
export function dbBody(config: DatabaseConfig): InstallDbBody {
  if (config.type === 'sqlite3') return { db_type: 'sqlite3', db_file: path.basename(config.file) };
  if (config.schema) throw new Error('the installer form has no schema field');
  return {
    db_type: config.type,
    db_host: `${config.host}:${config.port}`,
    db_username: config.user,
    db_password: config.password,
    db_name: config.name,
  };
}

export interface Response<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; reason: string; msg: string; data: T };
  text: string;
}

/** A running host on 127.0.0.1 with its own data directory; requests go over real HTTP. */
export class TestHost {
  readonly url: string;
  readonly host: SiteHost;
  readonly config: ServerConfig & { root?: string };

  private constructor(host: SiteHost, url: string, config: ServerConfig & { root?: string }) {
    this.host = host;
    this.url = url;
    this.config = config;
  }

  /** Starts a host on `config` (default: a fresh site whose data directory has no config file). */
  static async start(config: ServerConfig & { root?: string } = installConfig()): Promise<TestHost> {
    const host = await SiteHost.start(config, { env: {} });
    const url = await host.listen('127.0.0.1', 0);
    return new TestHost(host, url, config);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; lang?: string; raw?: string } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = options.token;
    if (options.lang) headers['accept-language'] = options.lang;
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      redirect: 'manual',
    });
    const text = await response.text();
    let body: Response<T>['body'];
    try {
      body = JSON.parse(text) as Response<T>['body'];
    } catch {
      body = undefined as unknown as Response<T>['body'];
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  get<T = unknown>(path: string, options?: { token?: string; lang?: string }) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: { token?: string; lang?: string }) {
    return this.request<T>('POST', path, { ...options, body });
  }

  async close(): Promise<void> {
    await this.host.close();
  }

  /** Closes the host and removes its files (installConfig's root). */
  async destroy(): Promise<void> {
    await this.close();
    if (this.config.root) rmSync(this.config.root, { recursive: true, force: true });
  }
}
