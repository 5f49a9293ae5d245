// npm version ranges as package.json `engines` write them (`^22.13.0 || >=24`, `20.x`, `>= 0.10`,
// `14 >=14.17`): enough of npm's semantics to say whether a Node release is allowed, with no dependency.

/** [major, minor, patch] of a version; missing parts and wildcards are 0. */
export const parse = (version) =>
  version
    .replace(/^v/, '')
    .split('.')
    .concat('0', '0')
    .slice(0, 3)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
/** How many leading parts of a version are given (a wildcard ends them): '22' 1, '20.x' 1, '22.13.0' 3. */
function given(version) {
  const parts = version.replace(/^v/, '').split('.');
  const wildcard = parts.findIndex((part) => !/^\d+$/.test(part));
  return wildcard === -1 ? parts.length : wildcard;
}

/** One comparator of an npm version range, for the forms package.json files use for `engines.node`. */
function allows(comparator, version) {
  const [, op = '', bound] = comparator.match(/^(>=|<=|>|<|\^|~|=)?(v?[\dx*]+(?:\.[\dx*]+)*)$/) ?? [];
  if (bound === undefined) throw new Error(`unknown range comparator: ${comparator}`);
  const v = parse(version);
  const b = parse(bound);
  const parts = given(bound);
  if (bound === '*' || bound === 'x') return true;
  if (op === '>=') return compare(v, b) >= 0;
  if (op === '>') return compare(v, b) > 0;
  if (op === '<=') return compare(v, b) <= 0;
  if (op === '<') return compare(v, b) < 0;
  if (op === '^') return compare(v, b) >= 0 && v[0] === b[0];
  if (op === '~') return compare(v, b) >= 0 && v[0] === b[0] && (parts < 2 || v[1] === b[1]);
  // A plain version: the same release, or any of the releases it names ('22', '20.x', '20.19').
  return v.slice(0, parts).every((part, i) => part === b[i]) && (parts === 3 || compare(v, b) >= 0);
}

/** Whether an npm range (`||` of space-separated comparators) allows a version. */
export function satisfies(version, range) {
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => allows(c, version));
  });
}
