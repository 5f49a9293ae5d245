import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A new outbox key: 32 random bytes, base64url (43 characters), as the config file keeps it. */
export function newOutboxKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The config file's `outbox_key`: 43 base64url characters (32 bytes). */
export const OUTBOX_KEY_PATTERN = '^[A-Za-z0-9_-]{43}$';

const PREFIX = 'aes256gcm:';

/** Whether a stored body is sealed (bodies queued before sealing existed are in the clear). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/**
 * The outbox keeps mail bodies sealed (AES-256-GCM with the site's `outbox_key`): they carry e-mailed
 * codes (activation, reset, e-mail change, unsubscribe), which must never sit in the database in the
 * clear. Stored as `aes256gcm:<iv>.<tag>.<ciphertext>` (base64url). The row's id is bound in as
 * associated data, so a sealed body cannot be moved to another row.
 */
export class OutboxSeal {
  readonly #key: Buffer;

  constructor(key: string) {
    const bytes = Buffer.from(key, 'base64url');
    if (bytes.length !== 32 || !new RegExp(OUTBOX_KEY_PATTERN).test(key))
      throw new Error('the outbox key must be 32 bytes in base64url (43 characters)');
    this.#key = bytes;
  }

  seal(text: string, rowId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(rowId));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** The text of a sealed body; throws when it was sealed with another key or tampered with. */
  open(stored: string, rowId: string): string {
    if (!stored.startsWith(PREFIX)) throw new Error('the mail body is not sealed');
    const [iv = '', tag = '', data = ''] = stored.slice(PREFIX.length).split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(rowId))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
