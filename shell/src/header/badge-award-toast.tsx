import { notificationKeys, paths, useReadNotification, type NotificationStatus } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type MouseEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotificationStatus } from '../session/hooks';

/**
 * The awards already popped in this page's life. Module state, not component state: the header remounts
 * with its layout, and the status keeps naming the award until the read below has reached the server.
 */
const shown = new Set<string>();

/**
 * A badge award not yet shown (notification/status `badge_award`) pops once as a toast linking to the
 * badge; its notification is then marked read so the server stops naming it. Renders nothing itself (the
 * toast loads antd's message lazily, on the first toast).
 */
export function BadgeAwardToast() {
  const { t } = useTranslation('shell');
  const award = useNotificationStatus()?.badge_award ?? null;
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { mutate: read } = useReadNotification();

  useEffect(() => {
    if (!award || shown.has(award.notification_id)) return;
    const id = award.notification_id;
    shown.add(id);
    const to = paths.badge(award.badge_id);
    // The toast renders outside the router: the link navigates through it by hand (new-tab clicks excepted).
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(to);
    };
    toast.success(
      <span>
        <Trans
          t={t}
          i18nKey="badge_award.earned"
          values={{ name: award.name }}
          components={{ badge: <a className="badge-award-link" href={to} onClick={follow} /> }}
        />
      </span>,
    );
    read(id, {
      onSuccess: () =>
        client.setQueryData<NotificationStatus>(notificationKeys.status(), (old) =>
          old?.badge_award?.notification_id === id ? { ...old, badge_award: null } : old,
        ),
    });
  }, [award, toast, navigate, client, read, t]);

  return null;
}
