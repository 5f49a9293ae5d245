// Translation checks a remote runs on each en_US/zh_CN pair it ships (one i18n.test.ts per pair).
import { describe, expect, test } from 'vitest';

export type Messages = { [key: string]: string | Messages };

/** Every key path, plural forms (_one, _other...) folded into their base key. */
function keys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keys(value, `${prefix}${key}.`),
  );
}

function placeholders(messages: Messages, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [
            [
              `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`,
              [...value.matchAll(/{{(\w+)}}|<(\w+)>/g)]
                .map((m) => m[1] ?? m[2])
                .sort()
                .join(','),
            ],
          ]
        : Object.entries(placeholders(value, `${prefix}${key}.`)),
    ),
  );
}

/** Registers the checks: same keys, same placeholders, no empty text. */
export function checkTranslations(name: string, en_US: Messages, zh_CN: Messages): void {
  describe(`${name} translations`, () => {
    test('English and Chinese have the same keys', () => {
      expect([...new Set(keys(zh_CN))].sort()).toEqual([...new Set(keys(en_US))].sort());
    });

    test('every text keeps the placeholders and link tags of its English original', () => {
      const en = placeholders(en_US);
      const zh = placeholders(zh_CN);
      for (const [key, names] of Object.entries(en)) expect(`${key}: ${zh[key]}`).toBe(`${key}: ${names}`);
    });

    test('no text is empty', () => {
      const empty = (m: Messages): boolean =>
        Object.values(m).some((v) => (typeof v === 'string' ? v.trim() === '' : empty(v)));
      expect(empty(en_US)).toBe(false);
      expect(empty(zh_CN)).toBe(false);
    });
  });
}
