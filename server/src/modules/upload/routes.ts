import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { ProfileService } from '../profile/service';
import { ATTACHMENT_DIR, ATTACHMENT_SOURCE, attachmentName, checkAttachment, streamLimit } from './attachments';
import { extensionOf, IMAGE_EXTENSIONS, ImageError, processImage } from './images';

const SOURCES = new Set(['avatar', 'post', 'branding', ATTACHMENT_SOURCE]);
/** Multipart limits, so an upload cannot exhaust memory or disk: one file, a few small fields. */
const LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 100 * 1024, parts: 20 } as const;
const MB = 1024 * 1024;

interface TooLarge {
  code?: string;
}

/**
 * POST file (docs/wire-contract.md), level `active`, multipart fields `source` (avatar | post |
 * branding, the last for admins only | post_attachment) and `file`. An attachment (upload/attachments.ts)
 * is stored as sent under `files/post/<random>/<name>` when its extension is one the administrator
 * allows and it is within the attachment size; everything else is an image. The image is checked and re-encoded
 * (upload/images.ts), stored as `<dataDir>/uploads/<source>/<random><ext>`, recorded in `upload`,
 * and its absolute URL `${site_url}/uploads/...` is the answer. The advanced settings set the limits
 * (4 MB, 40 megapixels, jpg/jpeg/png/webp on a fresh install): a larger file is refused with 413
 * `error.upload.max_size` while it streams in, before it is held in full; a file that is not a JPEG,
 * PNG or WebP image gets 400 `error.upload.only_image`, one of a type not allowed 400
 * `error.upload.extension_not_allowed`, one with too many pixels 400 `error.upload.too_many_pixels`.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService; dataDir: string }> = async (
  app,
  { profile, dataDir },
) => {
  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });

  app.post(
    '/file',
    {
      config: { auth: 'active' },
      // The file limit is the advanced setting, checked while the file streams in (below).
      bodyLimit: 1024 * MB + 256 * 1024,
      schema: { response: responses(Type.String(), [400, 401, 403, 413]) },
    },
    async (request) => {
      const session = sessionOf(request);
      if (!request.isMultipart()) throw ApiFailure.badRequest('error.upload.file_missing');
      const limits = await app.settings.get('advanced');
      // The source may come after the file: the larger limit holds while it streams, each its own after.
      const maxBytes = streamLimit(limits);
      let source = '';
      let file: { data: Buffer; filename: string } | undefined;
      try {
        for await (const part of request.parts({ limits: { ...LIMITS, fileSize: maxBytes } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            file = { data: await part.toBuffer(), filename: part.filename ?? '' };
          } else if (part.fieldname === 'source' && typeof part.value === 'string') {
            source = part.value;
          }
        }
      } catch (error) {
        const code = (error as TooLarge).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiFailure(413, 'error.upload.max_size', {
            params: {
              size:
                source === ATTACHMENT_SOURCE
                  ? limits.max_attachment_size
                  : source
                    ? limits.max_image_size
                    : maxBytes / MB,
            },
          });
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new ApiFailure(413, 'base.request_too_large');
        throw ApiFailure.badRequest();
      }

      if (!SOURCES.has(source)) throw ApiFailure.badRequest('error.upload.source_unsupported');
      if (source === 'branding' && session.roleId !== 2) throw ApiFailure.forbidden();
      if (!file || file.data.length === 0) throw ApiFailure.badRequest('error.upload.file_missing');

      const store = async (relative: string, data: Buffer, mime: string) => {
        const target = path.join(dataDir, 'uploads', ...relative.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, data, { flag: 'wx', mode: 0o644 });
        try {
          const userId = Number(session.userId);
          await profile.recordUpload({ id, userId, source, path: relative, mime, size: data.length });
        } catch (error) {
          await rm(target, { force: true });
          throw error;
        }
        const siteUrl = (await app.settings.get('general')).site_url.replace(/\/+$/, '');
        return ok(request, `${siteUrl}/uploads/${relative}`);
      };
      const id = randomBytes(12).toString('hex');
      if (source === ATTACHMENT_SOURCE) {
        // Kept as sent (never opened or re-encoded) and only ever served as a download.
        checkAttachment(limits, file.filename, file.data.length);
        return store(`${ATTACHMENT_DIR}/${id}/${attachmentName(file.filename)}`, file.data, 'application/octet-stream');
      }
      if (file.data.length > limits.max_image_size * MB)
        throw new ApiFailure(413, 'error.upload.max_size', { params: { size: limits.max_image_size } });

      const allowed = limits.authorized_image_extensions;
      const notAllowed = () =>
        ApiFailure.badRequest('error.upload.extension_not_allowed', { params: { extensions: allowed.join(', ') } });
      // A type the route can never take (.svg, .gif) stays `only_image`; a type it could take but the
      // site does not allow is `extension_not_allowed`.
      const named = extensionOf(file.filename);
      const known = Object.values(IMAGE_EXTENSIONS).some((list) => list.includes(named));
      if (known && !allowed.includes(named.slice(1))) throw notAllowed();

      let image;
      try {
        image = await processImage(file.data, file.filename, {
          avatar: source === 'avatar',
          maxPixels: limits.max_image_megapixel * 1_000_000,
        });
      } catch (error) {
        if (error instanceof ImageError && error.problem === 'too_many_pixels')
          throw ApiFailure.badRequest('error.upload.too_many_pixels', {
            params: { megapixels: limits.max_image_megapixel },
          });
        throw ApiFailure.badRequest('error.upload.only_image');
      }
      // The content decides the type: a PNG named photo.jpg was refused above, an unnamed one is checked here.
      if (!IMAGE_EXTENSIONS[image.format].some((ext) => allowed.includes(ext.slice(1)))) throw notAllowed();

      return store(`${source}/${id}${image.ext}`, image.data, image.mime);
    },
  );
};
