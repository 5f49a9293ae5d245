import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PluginDeployment } from '../../src/config';
import { DbPluginStates, PLUGIN_STATUS_TYPE } from '../../src/modules/plugins/state';
import { DbSettingsStore, writeSiteInfo } from '../../src/modules/site-info/store';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PLUGINS = [
  { slug_name: 'hello', name: 'plugin_hello', module: './Plugin', dir: '/nowhere' },
] as PluginDeployment[];

describe.each(available)('plugin states cached with the settings on $label', (target) => {
  let site: InstalledSite;

  beforeAll(async () => {
    site = await installedSite(target);
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('a page load reads them from the cache; saves here, elsewhere and invalidations reach it', async () => {
    const db = site.database.db;
    let now = 1_000_000;
    // No version check during the test unless the clock moves past a minute.
    const settings = new DbSettingsStore(db, { now: () => now, checkMs: 60_000 });
    const states = new DbPluginStates(db, settings);
    const enabled = async () => (await states.resolve(PLUGINS))[0]!.enabled;
    await states.set('hello', false);
    expect(await enabled()).toBe(false);
    // The store's first version check (it knows no version yet) drops the cache once.
    await settings.settled();
    expect(await enabled()).toBe(false);

    // Written behind the store's back (a process that tells nobody): this process keeps its cache...
    await writeSiteInfo(db, PLUGIN_STATUS_TYPE, { hello: true }, now + 5);
    expect(await enabled()).toBe(false);
    // ...until the settings are invalidated (the Redis message), or the version check notices.
    settings.invalidate();
    expect(await enabled()).toBe(true);
    await writeSiteInfo(db, PLUGIN_STATUS_TYPE, { hello: false }, now + 10);
    expect(await enabled()).toBe(true);
    now += 61_000;
    await enabled();
    await settings.settled();
    expect(await enabled()).toBe(false);

    // A save through this process is seen at once and told to the others.
    const told: string[] = [];
    settings.onSaved((group) => told.push(group));
    await states.set('hello', true);
    expect(await enabled()).toBe(true);
    expect(told).toEqual([PLUGIN_STATUS_TYPE]);
  });
});
