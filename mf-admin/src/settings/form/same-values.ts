/** Deep equality of form values (plain data: strings, numbers, booleans, arrays, objects). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValues(item, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  // An emptied text box and a missing value are the same thing to the admin.
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return blank(a) && blank(b);
}
