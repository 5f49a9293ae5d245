import { plainTextToHtml } from '../../lib/plain-text-html';
import type { SettingsGroup, SiteOverrides, SiteSettings } from '../settings/schema';
import { deepMerge, type SettingsStore } from '../settings/store';

/**
 * The config file's `site` object over an installed site's stored settings: what the operator pins
 * in the file wins over the database (as it wins over the defaults on a site that is not installed).
 * `security.login_required` follows `login.login_required`, and pinned legal texts get their HTML.
 */
export class PinnedSettingsStore implements SettingsStore {
  readonly #stored: SettingsStore;
  readonly #pinned: SiteOverrides;

  constructor(stored: SettingsStore, pinned: SiteOverrides) {
    this.#stored = stored;
    this.#pinned = pinned;
  }

  async get<G extends SettingsGroup>(group: G): Promise<SiteSettings[G]> {
    const value = deepMerge(await this.#stored.get(group), this.#pinned[group] ?? {}) as SiteSettings[G];
    if (group === 'security' && this.#pinned.login?.login_required !== undefined) {
      (value as SiteSettings['security']).login_required = this.#pinned.login.login_required;
    }
    if (group === 'legal') {
      const legal = value as SiteSettings['legal'];
      const pinned = this.#pinned.legal;
      if (pinned?.terms_of_service_original_text !== undefined)
        legal.terms_of_service_parsed_text = plainTextToHtml(pinned.terms_of_service_original_text);
      if (pinned?.privacy_policy_original_text !== undefined)
        legal.privacy_policy_parsed_text = plainTextToHtml(pinned.privacy_policy_original_text);
    }
    return value;
  }

  /** Saves to the database; what the file pins still wins when read. */
  async set<G extends SettingsGroup>(group: G, value: SiteSettings[G]): Promise<void> {
    if (!this.#stored.set) throw new Error('the stored settings cannot be saved');
    await this.#stored.set(group, value);
  }

  invalidate(): void {
    this.#stored.invalidate?.();
  }

  onSaved(listener: (group: SettingsGroup | string) => void): void {
    this.#stored.onSaved?.(listener);
  }

  /** Rows outside the groups are never pinned: the stored store's cache. */
  async cachedRow<T>(type: string): Promise<T | null> {
    if (!this.#stored.cachedRow) throw new Error('the stored settings cache no rows');
    return this.#stored.cachedRow<T>(type);
  }

  rowSaved(type: string): void {
    this.#stored.rowSaved?.(type);
  }
}
