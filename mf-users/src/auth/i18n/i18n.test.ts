import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

function leaves(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as object).map(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key)),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('auth translations', () => {
  test('zh_CN has exactly the keys of en_US, each non-empty, with the same placeholders and link tags', () => {
    const en = leaves(en_US);
    const zh = leaves(zh_CN);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(zh[key]?.trim(), key).toBeTruthy();
      expect(placeholders(zh[key]!), key).toEqual(placeholders(text));
    }
  });
});
