/** `text` for a LIKE pattern with `!` as the escape character (portable across the three databases). */
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}
