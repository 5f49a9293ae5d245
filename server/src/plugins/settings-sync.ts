import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface SettingsSyncOptions {
  /** A Redis URL (default AGORA_REDIS_URL); without one, nothing is published. */
  redis?: string;
  /** Prefix of the channel (default AGORA_REDIS_PREFIX, else `agora:`): sites sharing a Redis need their own. */
  prefix?: string;
  /** Where the defaults above are read; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** Resolves once the client is connected, or after `ms` (the settings then fall back to the version check). */
function ready(redis: Redis, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Tells every process of the site at once when one of them saves a settings group: each save is
 * published on `<prefix>settings` and every other process that hears it drops its cached settings.
 * Without Redis (or while it is unreachable) the settings store's own version check catches up
 * within a second (modules/site-info/store.ts). Register on an installed site only.
 */
async function settingsSync(app: FastifyInstance, options: SettingsSyncOptions) {
  const env = options.env ?? process.env;
  const url = options.redis ?? env.AGORA_REDIS_URL;
  const store = app.settings;
  if (!url || !store.onSaved || !store.invalidate) return;
  const channel = `${options.prefix ?? env.AGORA_REDIS_PREFIX ?? 'agora:'}settings`;
  const me = randomUUID();
  // ioredis loads only on a site configured with Redis.
  const { Redis: RedisClient } = await import('ioredis');
  const client = (name: string) => {
    const redis = new RedisClient(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 250, 5_000),
    });
    let reported = false;
    redis.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      app.log.warn(
        { why: error.message },
        `settings: Redis ${name} failed; other processes see changes within a second`,
      );
    });
    redis.on('ready', () => {
      reported = false;
    });
    return redis;
  };
  const publisher = client('publisher');
  const subscriber = client('subscriber');
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      if ((JSON.parse(message) as { from?: unknown }).from !== me) store.invalidate?.();
    } catch {
      store.invalidate?.();
    }
  });
  // After a reconnect the subscription may have missed saves: start from the stored settings again.
  subscriber.on('ready', () => store.invalidate?.());
  await Promise.all([ready(publisher, 2_000), ready(subscriber, 2_000)]);
  await subscriber.subscribe(channel).catch((error: Error) => {
    app.log.warn({ why: error.message }, 'settings: Redis subscription failed');
  });
  store.onSaved((group) => {
    publisher.publish(channel, JSON.stringify({ from: me, group })).catch(() => undefined);
  });
  app.addHook('onClose', async () => {
    subscriber.disconnect();
    publisher.disconnect();
  });
}

export default fp(settingsSync, { name: 'settings-sync' });
