import type { PluginRemote, RemoteEntry, RemoteList } from '@agora/shared-api';

// The remote list is validated at start-up against the rules of the wire contract (RemoteList in
// shared-api/src/contract/remotes.ts). The check is written out here rather than by loading TypeBox's
// validator, which would add ~30 KB gzip to the first page; a unit test keeps both in agreement.
const FEDERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MANIFEST_URL = /^(\/|https?:\/\/)[^\s"<>]*mf-manifest\.json$/;
const SLUG = /^[a-z0-9][a-z0-9_-]{1,99}$/;
const EXPOSED_MODULE = /^\.\/[A-Za-z0-9_/-]+$/;

type Issue = string | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkString(value: unknown, pattern: RegExp, where: string): Issue {
  return typeof value === 'string' && pattern.test(value) ? null : `${where} is invalid`;
}

function checkKeys(value: Record<string, unknown>, allowed: string[], where: string): Issue {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  return extra ? `${where}/${extra} is not allowed` : null;
}

function checkRemote(value: unknown, where: string): Issue {
  if (!isRecord(value)) return `${where} must be an object`;
  return (
    checkString(value.name, FEDERATION_NAME, `${where}/name`) ??
    checkString(value.entry, MANIFEST_URL, `${where}/entry`)
  );
}

function checkPlugin(value: unknown, where: string): Issue {
  if (!isRecord(value)) return `${where} must be an object`;
  return (
    checkRemote(value, where) ??
    checkString(value.slug_name, SLUG, `${where}/slug_name`) ??
    checkString(value.module, EXPOSED_MODULE, `${where}/module`) ??
    (value.label === undefined || typeof value.label === 'string' ? null : `${where}/label is invalid`)
  );
}

/** Returns the first problem with a remote list document, or null when it is valid. */
export function remoteListIssue(value: unknown): Issue {
  if (!isRecord(value)) return '/ must be an object';
  if (!Array.isArray(value.remotes)) return '/remotes must be an array';
  if (!Array.isArray(value.plugins)) return '/plugins must be an array';
  return (
    value.remotes.reduce<Issue>((issue, r, i) => issue ?? checkRemote(r, `/remotes/${i}`), null) ??
    value.plugins.reduce<Issue>((issue, p, i) => issue ?? checkPlugin(p, `/plugins/${i}`), null) ??
    value.remotes.reduce<Issue>(
      (issue, r, i) => issue ?? checkKeys(r as Record<string, unknown>, ['name', 'entry'], `/remotes/${i}`),
      null,
    ) ??
    value.plugins.reduce<Issue>(
      (issue, p, i) =>
        issue ??
        checkKeys(p as Record<string, unknown>, ['name', 'entry', 'slug_name', 'module', 'label'], `/plugins/${i}`),
      null,
    )
  );
}

/** Validates the remote list; a bad document is a start-up error, not a guess. */
export function parseRemoteList(value: unknown): RemoteList {
  const issue = remoteListIssue(value);
  if (issue) throw new Error(`Invalid remote list: ${issue}`);
  return value as { remotes: RemoteEntry[]; plugins: PluginRemote[] };
}
