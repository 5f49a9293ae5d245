import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.AGORA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Null when a Redis answers PING at REDIS_URL (2 s at most), else why not. */
export async function probeRedis(): Promise<string | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return (cause ?? (error as Error)).message;
  } finally {
    client.disconnect();
  }
}

/** Key prefixes handed out to tests (each test its own), and deleted from Redis by `dropPrefixes`. */
const prefixes: string[] = [];
export function newPrefix(): string {
  const prefix = `agora-test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

export async function dropPrefixes(): Promise<void> {
  const admin = new Redis(REDIS_URL);
  try {
    for (const prefix of prefixes.splice(0)) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length) await admin.del(...keys);
    }
  } finally {
    admin.disconnect();
  }
}

/**
 * A TCP relay in front of the test Redis: an app connects through it (AGORA_REDIS_URL = `url`), and
 * `stop()` takes Redis away from that app (connections cut, port closed) until `start()` again.
 */
export class RedisRelay {
  readonly #target = new URL(REDIS_URL);
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | null = null;
  #port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.#port}${this.#target.pathname === '/' ? '' : this.#target.pathname}`;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.#target.port || 6379), this.#target.hostname);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
