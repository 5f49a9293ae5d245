import { forwardRef, useState, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { onDemand } from '../../common/on-demand';
import { ShareIcon } from '../question/icons';

/** Social share windows open at 550x400. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/** The social networks offered, each with the address that shares a link and a title. */
export const SHARE_TARGETS = {
  twitter: (url: string, title: string) =>
    `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  linkedin: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  reddit: (url: string, title: string) =>
    `https://www.reddit.com/submit?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`,
  weibo: (url: string, title: string) =>
    `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`,
} as const;

/** The absolute link to share: the post's path, with ?shareUserId={username} when the sharer is logged in. */
export function shareUrl(path: string, username: string | undefined): string {
  const url = new URL(path, window.location.origin);
  if (username) url.searchParams.set('shareUserId', username);
  return url.toString();
}

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure pages: a hidden text area and the copy command.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand?.('copy');
  area.remove();
  if (!done) throw new Error('copy failed');
}

/** The share button (also the Dropdown's trigger, which passes its handlers through `rest`). */
export const ShareButton = forwardRef<
  HTMLButtonElement,
  { expanded: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>
>(function ShareButton({ expanded, ...rest }, ref) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      className="qa-link-btn"
      aria-label={t('detail.share.label')}
      aria-haspopup="menu"
      aria-expanded={expanded}
    >
      <ShareIcon />
      <span aria-hidden="true">{t('detail.share.button')}</span>
    </button>
  );
});

const loadDropdown = () => import('./share-dropdown').then((m) => m.ShareDropdown);
// The same button stands in while the menu's module (antd) arrives.
const ShareDropdown = onDemand(loadDropdown, <ShareButton expanded={false} />);

/**
 * Share menu. Until it is first pressed only the button is on the page; the menu (antd) is
 * fetched when the pointer or the focus reaches the button, and opens on the press.
 */
export function ShareMenu({ path, title }: { path: string; title: string }) {
  const [pressed, setPressed] = useState(false);
  if (pressed) return <ShareDropdown path={path} title={title} />;
  const prefetch = () => void loadDropdown();
  return <ShareButton expanded={false} onPointerEnter={prefetch} onFocus={prefetch} onClick={() => setPressed(true)} />;
}
