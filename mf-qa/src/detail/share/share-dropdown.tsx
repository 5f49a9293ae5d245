import { useCurrentUser } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { AntdProvider, Dropdown, type MenuProps } from '@agora/shared-ui/antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { copyText, SHARE_TARGETS, SHARE_WINDOW, shareUrl, ShareButton } from './share-menu';

type Target = keyof typeof SHARE_TARGETS;

/**
 * Share menu: copy link, social networks, native share where the browser has it. antd's Dropdown,
 * so loaded by ShareMenu on the first press of its button; it opens as it arrives.
 */
export function ShareDropdown({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { user } = useCurrentUser();
  const link = () => shareUrl(path, user?.username);
  const [open, setOpen] = useState(true);
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
    <AntdProvider>
      <Dropdown menu={{ items, onClick }} trigger={['click']} open={open} onOpenChange={onOpenChange} autoFocus>
        <ShareButton ref={trigger} expanded={open} />
      </Dropdown>
    </AntdProvider>
  );
}
