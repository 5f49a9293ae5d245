import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { CoreRemote, PluginRemote, RemoteEntry, RemoteList } from '@agora/shared-api';
import { providedShared } from './provide-shared';
import { parseRemoteList } from './remote-list';

/**
 * Remote locations come only from the server's remote list (GET /remotes.json), read once at start-up.
 * A remote is registered with the Module Federation runtime on the first navigation into its routes,
 * never before, and only remotes the server lists are ever loaded.
 */
let listPromise: Promise<RemoteList> | null = null;
const registered = new Set<string>();

export function fetchRemoteList(fetchImpl: typeof fetch = fetch): Promise<RemoteList> {
  listPromise ??= fetchImpl('/remotes.json', { cache: 'no-store', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remote list: HTTP ${response.status}`);
      return parseRemoteList(await response.json());
    })
    .catch((error: unknown) => {
      listPromise = null; // let a retry fetch it again
      throw error;
    });
  return listPromise;
}

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} could not be loaded`, { cause });
  }
}

function register(entry: RemoteEntry, force: boolean): void {
  if (registered.has(entry.name) && !force) return;
  // force drops the runtime's cache of a remote that failed, so a retry fetches its manifest again.
  registerRemotes([{ name: entry.name, entry: entry.entry }], { force });
  registered.add(entry.name);
}

async function load<T>(entry: RemoteEntry, exposed: string, force: boolean): Promise<T> {
  register(entry, force);
  let module: T | null | undefined;
  try {
    module = await loadRemote<T>(`${entry.name}/${exposed.replace(/^\.\//, '')}`);
  } catch (error) {
    throw new RemoteUnavailableError(entry.name, error);
  }
  if (!module) throw new RemoteUnavailableError(entry.name);
  return module;
}

/** Loads a core remote's exposed module. `force` re-registers it (used by retry). */
export async function loadCoreRemote<T>(name: CoreRemote, exposed: string, force = false): Promise<T> {
  const list = await fetchRemoteList();
  const entry = list.remotes.find((r) => r.name === name);
  if (!entry) throw new RemoteUnavailableError(name, new Error('not in the remote list'));
  return load<T>(entry, exposed, force);
}

export async function findPlugin(slug: string): Promise<PluginRemote | undefined> {
  const list = await fetchRemoteList();
  return list.plugins.find((p) => p.slug_name === slug);
}

export async function loadPlugin<T>(plugin: PluginRemote, force = false): Promise<T> {
  return load<T>(plugin, plugin.module, force);
}

/** Test seam: forget everything (unit tests only). */
export function resetRegistryForTests(): void {
  listPromise = null;
  registered.clear();
}

/** How many shared entry points the shell provides beyond those it imports itself (keeps them in the build). */
export const extraProvidedShared = providedShared.length;
