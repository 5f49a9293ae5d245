import { describe, expect, it } from 'vitest';
import { apiStatus, avatarInfo } from '../../src/modules/accounts/mapping';
import { emailKey, usernameKey } from '../../src/modules/accounts/normalize';
import { hashPassword, needsRehash, verifyPassword } from '../../src/modules/accounts/password';
import { hashToken, looksLikeToken, newToken } from '../../src/modules/accounts/tokens';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP minimum and verifies exactly what was sent', async () => {
    const password = 'é'.repeat(40); // 80 bytes: no 72-byte truncation
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, password)).toBe(true);
    expect(await verifyPassword(stored, 'é'.repeat(36))).toBe(false);
    expect(await verifyPassword(stored, ` ${password}`)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('spends a verification on missing or malformed hashes and answers false', async () => {
    expect(await verifyPassword(undefined, 'whatever1')).toBe(false);
    expect(await verifyPassword('', 'whatever1')).toBe(false);
    expect(await verifyPassword('$2b$10$notargon', 'whatever1')).toBe(false);
    expect(needsRehash('$2b$10$notargon')).toBe(true);
  });
});

describe('tokens', () => {
  it('are 256-bit base64url strings, all different, stored as SHA-256 hex', () => {
    const tokens = Array.from({ length: 2000 }, newToken);
    expect(new Set(tokens).size).toBe(2000);
    expect(tokens.every(looksLikeToken)).toBe(true);
    expect(new Set(tokens.map((t) => t.slice(0, 5))).size).toBeGreaterThan(1900);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(looksLikeToken('0190f0e4-7b8f-7c3a-9d55-0a1b2c3d4e5f')).toBe(false);
  });
});

describe('account keys and mapping', () => {
  it('folds look-alike usernames and e-mail case into one key', () => {
    expect(usernameKey('Admin')).toBe('admin');
    expect(usernameKey('ａｄｍｉｎ')).toBe('admin');
    expect(usernameKey('admin\u200b')).toBe('admin');
    expect(emailKey('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('derives the API status and avatar object', () => {
    expect(apiStatus({ status: 1, mail_status: 1 })).toBe('normal');
    expect(apiStatus({ status: 1, mail_status: 2 })).toBe('inactive');
    expect(apiStatus({ status: 9, mail_status: 2 })).toBe('suspended');
    expect(apiStatus({ status: 10, mail_status: 1 })).toBe('deleted');
    expect(avatarInfo('')).toEqual({ type: 'system' });
    expect(avatarInfo('{"type":"gravatar","gravatar":"https://g/x"}')).toEqual({
      type: 'gravatar',
      gravatar: 'https://g/x',
    });
    expect(avatarInfo('not json')).toEqual({ type: 'system' });
  });
});
