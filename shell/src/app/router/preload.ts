import { preloadScreen } from '../../remotes/remote-screen';
import { matchRouteDefs } from './route-objects';
import { isRemoteOwner } from './route-table';

/**
 * Starts loading the remote screens of the page being opened while the application setup loads, so the
 * remote's files do not wait for site info. Guarded routes are left alone: their guard decides first.
 */
export function preloadForPath(pathname: string): void {
  const chain = matchRouteDefs(pathname);
  if (chain.some((def) => def.guard)) return;
  for (const def of chain) if (isRemoteOwner(def.owner)) preloadScreen(def.owner.remote, def.owner.screen);
}
