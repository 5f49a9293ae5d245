/** Marks every node the custom head inserted, so it is inserted once and can be told apart. */
export const CUSTOM_HEAD_ATTR = 'data-agora-custom-head';

/** After start-up, how long the administrator's head HTML waits before it is inserted (docs/product-rules.md). */
export const CUSTOM_HEAD_DELAY_MS = 1000;

/**
 * Appends the administrator's head HTML (meta, link, style, script...) to `head`, once per document.
 * Elements parsed from a string never run their scripts, so each script is copied into a fresh element:
 * the browser runs it once, as it would from the page's own HTML. Returns false when it was there already.
 */
export function insertCustomHead(html: string, head: HTMLElement = document.head): boolean {
  if (!html.trim() || head.querySelector(`[${CUSTOM_HEAD_ATTR}]`)) return false;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const node of Array.from(template.content.childNodes)) {
    if (!(node instanceof Element)) continue; // text and comments have no place in <head>
    const element = node.localName === 'script' ? runnableCopy(node) : node;
    element.setAttribute(CUSTOM_HEAD_ATTR, '');
    head.appendChild(element);
  }
  return true;
}

function runnableCopy(script: Element): HTMLScriptElement {
  const copy = document.createElement('script');
  for (const { name, value } of Array.from(script.attributes)) copy.setAttribute(name, value);
  copy.text = script.textContent ?? '';
  return copy;
}
