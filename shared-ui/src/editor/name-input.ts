/** Sets (or, for undefined, removes) the textarea's naming attributes. */
export function nameInput(input: HTMLElement, names: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(names)) {
    if (value === undefined) input.removeAttribute(name);
    else input.setAttribute(name, value);
  }
}
