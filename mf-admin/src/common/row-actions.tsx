import { Button, Dropdown } from '@agora/shared-ui/antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** The menu's items, in order: a key and what it reads. */
export interface RowAction<K extends string> {
  key: K;
  label: string;
}

/** The menu's first item, once antd has rendered the menu (a few frames after it opens). */
function focusFirstItem(menuId: string): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const first = document.getElementById(menuId)?.querySelector<HTMLElement>('[role="menuitem"]');
    if (first) first.focus();
    else if (tries++ < 30) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys, Home and End on an item: the focus moves to another item (wrapping round at both ends). */
function moveFocus(event: KeyboardEvent<HTMLElement>): boolean {
  const move = MOVES[event.key];
  const menu = event.currentTarget.closest('[role="menu"]');
  if (!move || !menu) return false;
  const items = Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const index = items.indexOf(event.currentTarget);
  items[move(index, items.length)]?.focus();
  return true;
}

/**
 * A row's menu of actions, as the WAI-ARIA menu button: Enter, Space or Arrow Down on the button opens it
 * with the focus on its first item; the arrow keys, Home and End move inside it; Enter or Space picks an
 * item; Escape closes it. Picking puts the focus back on the button first, so a dialog the item opens
 * gives the focus back to the button when it closes.
 */
export function RowActions<K extends string>({
  label,
  text,
  actions,
  onChoose,
}: {
  /** The button's accessible name (which row it acts on). */
  label: string;
  /** The button's visible text. */
  text: string;
  actions: RowAction<K>[];
  onChoose(key: K): void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => (open ? focusFirstItem(menuId) : undefined), [open, menuId]);

  const close = (next: boolean) => {
    setOpen(next);
    if (next) return;
    // Closed from inside (Escape, Tab, a choice): the focus goes back to the button. A click elsewhere
    // keeps the focus where it went.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) button.current?.focus();
  };
  const choose = (key: K) => {
    button.current?.focus();
    setOpen(false);
    onChoose(key);
  };
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={close}
      menu={{
        id: menuId,
        items: actions.map(({ key, label: itemLabel }) => ({
          key,
          label: itemLabel,
          // antd's menu picks on Enter only (read from the legacy `which`) and finds its items by their
          // layout: Enter and Space pick, and the arrows, Home and End move among the items here.
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.key === ' ' || event.key === 'Enter') choose(key);
            else if (!moveFocus(event)) return;
            event.preventDefault();
            event.stopPropagation();
          },
        })),
        // A key press was handled above; this is the pointer's pick.
        onClick: ({ key, domEvent }) => {
          if (domEvent.type !== 'keydown') choose(key as K);
        },
      }}
    >
      <Button
        ref={button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onKeyDown={onButtonKey}
      >
        {text}
      </Button>
    </Dropdown>
  );
}
