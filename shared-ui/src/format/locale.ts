/** Answer language codes use an underscore (en_US); Intl wants a BCP 47 tag (en-US). */
export function toBcp47(language: string | undefined, fallback = 'en-US'): string {
  if (!language) return fallback;
  const tag = language.replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? fallback;
  } catch {
    return fallback;
  }
}
