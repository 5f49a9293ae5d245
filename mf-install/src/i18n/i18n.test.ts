import en_US from './en_US.json';
import zh_CN from './zh_CN.json';

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function interpolations(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') out[prefix] = [...node.matchAll(/{{(\w+)}}/g)].map((m) => m[1]!).sort();
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(value, '');
  return out;
}

describe('mf_install translations', () => {
  test('zh_CN has exactly the keys of en_US, each non-empty, with the same placeholders', () => {
    expect(keys(zh_CN).sort()).toEqual(keys(en_US).sort());
    expect(interpolations(zh_CN)).toEqual(interpolations(en_US));
    const empty = Object.entries(interpolations(en_US)).filter(([key]) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zh_CN);
      return typeof value !== 'string' || !value.trim();
    });
    expect(empty).toEqual([]);
  });
});
