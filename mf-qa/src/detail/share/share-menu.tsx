import { useCurrentUser } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { Dropdown, type MenuProps } from '@agora/shared-ui/antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { ShareIcon } from '../question/icons';

/** SPEC §2.4: social share windows open at 550x400. */
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
type Target = keyof typeof SHARE_TARGETS;

/** The absolute link to share: the post's path, with ?shareUserId={username} when the sharer is logged in. */
export function shareUrl(path: string, username: string | undefined): string {
  const url = new URL(path, window.location.origin);
  if (username) url.searchParams.set('shareUserId', username);
  return url.toString();
}

async function copyText(text: string): Promise<void> {
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

/** SPEC §2.4 share menu: copy link, social networks, native share where the browser has it. */
export function ShareMenu({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { user } = useCurrentUser();
  const link = () => shareUrl(path, user?.username);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const items: MenuProps['items'] = [
    { key: 'copy', label: t('detail.share.copy') },
    ...(Object.keys(SHARE_TARGETS) as Target[]).map((key) => ({ key, label: t(`detail.share.${key}`) })),
    ...(canShareNatively ? [{ key: 'native', label: t('detail.share.native') }] : []),
  ];

  // Closing the menu from inside it (Escape, a choice) puts the focus back on its button (keyboard path);
  // a click elsewhere keeps the focus where it went.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) trigger.current?.focus();
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    onOpenChange(false);
    const url = link();
    if (key === 'copy') {
      copyText(url).then(
        () => toast.copied(),
        () => toast.danger(t('detail.share.copy_failed')),
      );
    } else if (key === 'native') {
      navigator.share({ title, url }).catch(() => undefined); // a dismissed sheet is not an error
    } else {
      const { width, height } = SHARE_WINDOW;
      const left = Math.max(0, (window.screen.width - width) / 2);
      const top = Math.max(0, (window.screen.height - height) / 2);
      window.open(
        SHARE_TARGETS[key as Target](url, title),
        '_blank',
        `noopener,noreferrer,width=${width},height=${height},left=${left},top=${top}`,
      );
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} open={open} onOpenChange={onOpenChange} autoFocus>
      <button
        ref={trigger}
        type="button"
        className="qa-link-btn"
        aria-label={t('detail.share.label')}
        aria-haspopup="menu"
        aria-expanded={open}
      >
        <ShareIcon />
        <span aria-hidden="true">{t('detail.share.button')}</span>
      </button>
    </Dropdown>
  );
}
