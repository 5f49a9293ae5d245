// The error catalogue, handled in ONE place. `decideErrorAction` is a pure decision table;
// `executeErrorAction` carries the decision out through injected effects. The query client's QueryCache
// and MutationCache report every failure here (see query-client.ts).
import { ADMIN_API_BASE, isApiError, isIgnoredPath, paths, type ErrorMeta } from '@agora/shared-api';

/**
 * The pages an error can put in place of the routed content. 'timeout' and 'network': the first load of
 * the page failed without an answer from the server; they offer a retry.
 */
export type PageError = 403 | 404 | '50X' | 'maintenance' | 'timeout' | 'network';

export type ErrorAction =
  /** Left to the caller (forms, passingError, anything unknown). */
  | { type: 'none' }
  /** A danger toast with the server's message, or with one of the shell's own texts. */
  | { type: 'toast'; message: string }
  | { type: 'toast-text'; key: 'errors.timeout' | 'errors.network' }
  /** 'confirm': err_type modal; 'message': 400 with nothing else to show. */
  | { type: 'dialog'; kind: 'confirm' | 'message'; message: string }
  /** 401: clear the session and go to the login page. */
  | { type: 'logout' }
  /** 403 suspended: the session has ended; the suspended page says until when (Unix s, 0 = forever). */
  | { type: 'suspended'; until: number }
  | { type: 'redirect'; to: string }
  | { type: 'page'; page: PageError };

export interface ErrorContext {
  /** The current page's path (ignored paths never get error pages or toasts for 403). */
  pathname: string;
  meta?: ErrorMeta | Record<string, unknown>;
  /** The query had no data yet: the page is waiting for it (a skeleton), not refreshing what it shows. */
  firstLoad?: boolean;
}

const NONE: ErrorAction = { type: 'none' };

function isEmptyData(data: unknown): boolean {
  if (data === null || data === undefined || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && Object.keys(data).length === 0;
}

export function decideErrorAction(error: unknown, { pathname, meta, firstLoad = false }: ErrorContext): ErrorAction {
  // Not an API failure (a bug in a query function, an aborted request): the caller's business.
  if (!isApiError(error)) return NONE;
  if (meta?.passingError) return NONE;
  const ignored = isIgnoredPath(pathname);

  if (error.kind === 'timeout' || error.kind === 'network') {
    // A page waiting for its data would keep its skeleton: it shows the failure and a retry instead.
    // Refreshes of data on screen and background queries (ignoreServerError) only say so in a toast.
    if (firstLoad && !ignored && !meta?.ignoreServerError) return { type: 'page', page: error.kind };
    return { type: 'toast-text', key: error.kind === 'timeout' ? 'errors.timeout' : 'errors.network' };
  }

  const { status } = error;

  if (status === 400) {
    if (error.errType === 'toast') return { type: 'toast', message: error.message };
    if (error.errType === 'alert') return NONE; // the form shows it
    if (error.errType === 'modal') return { type: 'dialog', kind: 'confirm', message: error.message };
    if (error.fieldErrors.length > 0) return NONE; // the form maps them onto its fields
    if (isEmptyData(error.data)) return { type: 'dialog', kind: 'message', message: error.message };
    return { type: 'toast', message: error.message };
  }

  if (status === 401) return { type: 'logout' };

  if (status === 403) {
    switch (error.forbiddenType) {
      case 'url_expired':
        return { type: 'redirect', to: paths.activationFailed() };
      case 'inactive':
        return { type: 'redirect', to: paths.inactive() };
      case 'suspended': {
        const until = (error.data as { suspended_until?: unknown } | null)?.suspended_until;
        return { type: 'suspended', until: typeof until === 'number' ? until : 0 };
      }
    }
    if (ignored) return NONE;
    if (error.path.startsWith(ADMIN_API_BASE)) return { type: 'page', page: 403 };
    return { type: 'toast', message: error.message };
  }

  if (status === 404) return meta?.allow404 && !ignored ? { type: 'page', page: 404 } : NONE;

  if (status >= 500) {
    if (status === 503 && error.reason === 'base.maintenance') return { type: 'page', page: 'maintenance' };
    if (ignored || meta?.ignoreServerError) return NONE;
    return { type: 'page', page: '50X' };
  }

  // Other client errors (409, 413, 429...): tell the user what the server said.
  return error.message ? { type: 'toast', message: error.message } : NONE;
}

/** The effects an action may need; the shell provides them once React and the router are up. */
export interface ErrorEffects {
  pathname(): string;
  search(): string;
  toastDanger(message: string): void;
  translate(key: string): string;
  openDialog(dialog: { kind: 'confirm' | 'message'; message: string }): void;
  clearSession(): void;
  rememberLoginReturnTo(pathWithSearch: string): void;
  navigate(to: string): void;
  showPage(page: PageError): void;
}

export function executeErrorAction(action: ErrorAction, fx: ErrorEffects): void {
  switch (action.type) {
    case 'none':
      return;
    case 'toast':
      fx.toastDanger(action.message);
      return;
    case 'toast-text':
      fx.toastDanger(fx.translate(action.key));
      return;
    case 'dialog':
      fx.openDialog({ kind: action.kind, message: action.message });
      return;
    case 'logout': {
      fx.clearSession();
      const here = fx.pathname();
      if (here === paths.login()) return;
      fx.rememberLoginReturnTo(here + fx.search());
      fx.navigate(paths.login());
      return;
    }
    case 'redirect':
      if (fx.pathname() + fx.search() !== action.to) fx.navigate(action.to);
      return;
    case 'suspended': {
      // The server has ended the session: forget it here too, and say why on the suspended page.
      fx.clearSession();
      const to = paths.accountSuspended(action.until);
      if (fx.pathname() + fx.search() !== to) fx.navigate(to);
      return;
    }
    case 'page':
      fx.showPage(action.page);
      return;
  }
}

let effects: ErrorEffects | null = null;
/** Failures that arrive before the shell has rendered wait here (kept short: the latest few). */
const pending: ErrorAction[] = [];

/** The shell's bridge component registers the effects (toast, dialog, navigation) once mounted. */
export function registerErrorEffects(next: ErrorEffects | null): void {
  effects = next;
  if (!next) return;
  for (const action of pending.splice(0)) executeErrorAction(action, next);
}

/**
 * Entry point for the query client's caches. `unwatched`: a query no screen shows any more (its screen
 * was left before the answer came): its failure must not put an error page over the page the visitor
 * is on now; toasts, logout and redirects still apply. `firstLoad`: the query had no data yet.
 */
export function handleApiError(
  error: unknown,
  meta: ErrorContext['meta'],
  { unwatched = false, firstLoad = false } = {},
): void {
  const pathname = effects?.pathname() ?? globalThis.location?.pathname ?? '/';
  const action = decideErrorAction(error, { pathname, meta, firstLoad });
  if (action.type === 'none') return;
  if (unwatched && action.type === 'page') return;
  if (effects) executeErrorAction(action, effects);
  else if (pending.push(action) > 5) pending.shift();
}
