import type { SiteAdvanced } from '@agora/shared-api/contract';
import { ApiFailure } from '../../lib/api-failure';
import { extensionOf } from './images';

/** The multipart `source` of a file attached to a post (Answer's name for it). */
export const ATTACHMENT_SOURCE = 'post_attachment';
/** Where attachments live below `<dataDir>/uploads` (and below `/uploads/` in their URL). */
export const ATTACHMENT_DIR = 'files/post';
/** Longest stored file name, extension included. */
const NAME_MAX = 100;
const MB = 1024 * 1024;

/**
 * The name an attachment is stored and downloaded under: the member's file name in letters, digits,
 * `.`, `_` and `-` only (accents dropped, anything else a `-`), so a download link never needs
 * escaping; `attachment.<ext>` when nothing of the name is left.
 */
export function attachmentName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const ext = extensionOf(base);
  const stem = base
    .slice(0, base.length - ext.length)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, NAME_MAX - ext.length);
  return `${stem || 'attachment'}${ext}`;
}

/**
 * Whether the site takes this attachment: 400 `error.upload.attachments_disabled` when no extension is
 * allowed, 400 `error.upload.extension_not_allowed` (with the allowed list) for any other extension
 * (none counts as another), 413 `error.upload.max_size` above the size set.
 */
export function checkAttachment(limits: SiteAdvanced, filename: string, size: number): void {
  const allowed = limits.authorized_attachment_extensions;
  if (allowed.length === 0) throw ApiFailure.badRequest('error.upload.attachments_disabled');
  const ext = extensionOf(filename).slice(1);
  if (!ext || !allowed.includes(ext))
    throw ApiFailure.badRequest('error.upload.extension_not_allowed', { params: { extensions: allowed.join(', ') } });
  if (size > limits.max_attachment_size * MB)
    throw new ApiFailure(413, 'error.upload.max_size', { params: { size: limits.max_attachment_size } });
}

/** The largest file an upload of any source may stream in: the image limit, or the attachment one if larger. */
export function streamLimit(limits: SiteAdvanced): number {
  const attachments = limits.authorized_attachment_extensions.length > 0 ? limits.max_attachment_size : 0;
  return Math.max(limits.max_image_size, attachments) * MB;
}
