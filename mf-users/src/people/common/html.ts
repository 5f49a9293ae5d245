/** The text of a small HTML fragment (for excerpts of server-rendered content shown as plain text). */
export function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A legal text that is a full URL means "the policy lives there" (legal settings: a text or a full URL). */
export function externalUrlOf(text: string | undefined): string | null {
  const value = text?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(value)) return null;
  try {
    return new URL(value).href;
  } catch {
    return null;
  }
}
