import { Value } from 'typebox/value';
import { plainTextToHtml } from '../../lib/plain-text-html';
import { defaultSiteSettings } from './defaults';
import { SiteSettings, type SettingsGroup, type SiteOverrides } from './schema';

/**
 * Where site settings are read from. Today the defaults plus the config file's `site` object; the
 * database-backed store of the installer issue implements the same interface (and adds writes).
 */
export interface SettingsStore {
  get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]>;
  /** Saves a whole group (admin settings screens); stores that cannot save leave it out. */
  set?<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void>;
  /** Drops what this process cached (another process changed the settings). */
  invalidate?(): void;
  /** Calls `listener` after each save of this process (to tell the other processes). */
  onSaved?(listener: (group: SettingsGroup | string) => void): void;
  /**
   * A site_info row outside the groups (the plugins' states), cached and dropped with the groups: a
   * save here or in another process reaches it as it reaches them. Null when there is no such row.
   */
  cachedRow?<T>(type: string): Promise<T | null>;
  /** Tells the store (and, through onSaved, the other processes) that the row `type` was written. */
  rowSaved?(type: string): void;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key at every depth; arrays and scalars in `patch` replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlain(base) || !isPlain(patch)) return (patch === undefined ? base : patch) as T;
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) out[key] = deepMerge(out[key], value);
  }
  return out as T;
}

export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
}

/** Defaults deep-merged with the overrides, legal HTML derived, the result checked against the schema. */
export function resolveSiteSettings(overrides: SiteOverrides | undefined, siteUrl: string): SiteSettings {
  const merged = deepMerge(defaultSiteSettings(siteUrl), overrides ?? {});
  merged.security = { ...merged.security, login_required: merged.login.login_required };
  merged.legal = {
    ...merged.legal,
    terms_of_service_parsed_text: plainTextToHtml(merged.legal.terms_of_service_original_text),
    privacy_policy_parsed_text: plainTextToHtml(merged.legal.privacy_policy_original_text),
  };
  const error = Value.Errors(SiteSettings, merged)[0];
  if (error) {
    const where = error.instancePath.split('/').filter(Boolean).join('.') || 'site';
    throw new InvalidSettingsError(`site.${where}: ${error.message}`);
  }
  return merged;
}

/** A read-only store over settings resolved once at start-up. */
export class StaticSettingsStore implements SettingsStore {
  readonly #settings: SiteSettings;

  constructor(settings: SiteSettings) {
    this.#settings = structuredClone(settings);
  }

  async get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]> {
    return structuredClone(this.#settings[group]);
  }

  /** Changes a group for this process only (nothing is stored). */
  async set<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void> {
    this.#settings[group] = structuredClone(value);
  }
}
