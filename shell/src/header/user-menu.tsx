import { clearSession, logout, notificationKeys, paths, type CurrentUser } from '@agora/shared-api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { avatarUrl } from './avatar';

type Focus = 'first' | 'last' | null;

/**
 * The avatar menu: a menu button with Profile, Bookmarks, Settings and Log out. Plain markup
 * with the WAI-ARIA menu-button keyboard pattern, so the first page carries no menu library.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open || !focus) return;
    const list = items();
    (focus === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open, focus]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const show = (where: Focus) => {
    setFocus(where);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    setFocus(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const onLogout = async () => {
    close(false);
    try {
      await logout();
    } catch {
      // The token is dropped locally either way.
    } finally {
      clearSession(queryClient);
      queryClient.removeQueries({ queryKey: notificationKeys.all });
      navigate(paths.home());
    }
  };

  const src = avatarUrl(user.avatar);
  const name = user.display_name || user.username;
  const links = [
    { to: paths.user(user.username), label: t('header.profile') },
    { to: paths.bookmarks(user.username), label: t('header.bookmarks') },
    { to: paths.settings(), label: t('header.settings') },
  ];

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t('header.account_menu')}: ${name}`}
        onClick={() => (open ? close(false) : show(null))}
        onKeyDown={onButtonKeyDown}
      >
        {src ? (
          <img className="user-menu__avatar" src={src} alt="" width={32} height={32} />
        ) : (
          <span className="user-menu__avatar user-menu__avatar--initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
      </button>
      {open && (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={name}
          className="user-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          {links.map((link) => (
            <li key={link.to} role="none">
              <Link role="menuitem" tabIndex={-1} to={link.to} className="user-menu__item" onClick={() => close(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          <li role="separator" className="user-menu__separator" />
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className="user-menu__item"
              onClick={() => void onLogout()}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
