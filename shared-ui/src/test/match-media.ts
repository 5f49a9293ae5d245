// A window.matchMedia stand-in for jsdom that evaluates min-width/max-width queries against a
// viewport width the test controls, and notifies listeners when that width changes.

type Listener = (event: MediaQueryListEvent) => void;

let viewportWidth = 1024;
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string, width: number): boolean {
  const conditions = query.match(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g);
  if (!conditions) return false;
  return conditions.every((condition) => {
    const [, kind, px] = /\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/.exec(condition) ?? [];
    const limit = Number(px);
    return kind === 'min' ? width >= limit : width <= limit;
  });
}

export function matchMediaStub(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<Listener>(), last: evaluate(query, viewportWidth) };
  lists.add(entry);
  const list = {
    media: query,
    get matches() {
      return evaluate(query, viewportWidth);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  };
  return list as unknown as MediaQueryList;
}

/** Resizes the pretend viewport and fires `change` on every query whose result flipped. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const entry of lists) {
    const matches = evaluate(entry.query, width);
    if (matches === entry.last) continue;
    entry.last = matches;
    for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
  }
}

export function resetViewport(): void {
  setViewportWidth(1024);
  lists.clear();
}
