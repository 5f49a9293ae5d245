import { siteInfoQuery, type Permalink } from '@agora/shared-api';
import { uploadPostAttachment } from '@agora/shared-api/resources/post-editor';
import { DEFAULT_TIME_ZONE } from '@agora/shared-ui';
import type { AttachmentOptions } from '@agora/shared-ui/editor';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * The site settings question screens read: name, time zone (default UTC), permalink mode, and
 * whether images from other hosts show at once ('show': always_display) or behind a click ('ask':
 * ask_before_display, also while siteinfo is unknown), and the file attachments the post editor offers
 * (none while siteinfo is unknown or the administrator allows no extension).
 */
export function useSite() {
  const { data } = useQuery(siteInfoQuery());
  const advanced = data?.site_advanced;
  const attachments = useMemo<AttachmentOptions | undefined>(
    () =>
      advanced && advanced.authorized_attachment_extensions.length > 0
        ? {
            extensions: advanced.authorized_attachment_extensions,
            maxBytes: advanced.max_attachment_size * 1024 * 1024,
            upload: uploadPostAttachment,
          }
        : undefined,
    [advanced],
  );
  return {
    attachments,
    name: data?.general.name ?? '',
    timeZone: data?.interface?.time_zone || DEFAULT_TIME_ZONE,
    permalink: (data?.site_seo?.permalink ?? 2) as Permalink,
    externalImages: (data?.site_security?.external_content_display === 'always_display' ? 'show' : 'ask') as
      'show' | 'ask',
  };
}
