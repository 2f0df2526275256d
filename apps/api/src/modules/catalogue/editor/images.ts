import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../../app-error.ts';
import type { Trx } from './shared.ts';

/** Pictures are shown at most ~800 CSS px wide (a banner); 1600 px covers 2× screens. */
export const CATALOGUE_IMAGE_MAX_PX = 1600;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImage {
  file: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * As avatars (modules/member/avatar.ts): decoded by content (JPEG, PNG or WebP — the declared type is
 * not trusted), turned upright, fitted inside CATALOGUE_IMAGE_MAX_PX (never enlarged, never cropped:
 * a logo or banner keeps its shape) and re-encoded as WebP. Only pixels survive — EXIF (GPS, camera),
 * ICC extras, anything appended. The name is the hash of the stored bytes, so the same picture
 * uploaded twice is one row, and its URL can be cached for a year. Anything that does not decode → 415.
 */
export const normalizeCatalogueImage = async (upload: Buffer): Promise<StoredImage> => {
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
    const { data, info } = await image
      .rotate()
      .resize(CATALOGUE_IMAGE_MAX_PX, CATALOGUE_IMAGE_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash('sha256').update(data).digest('base64url').slice(0, 32);
    return { file: `u-${hash}.webp`, bytes: data, width: info.width, height: info.height };
  } catch (err) {
    throw new AppError('unsupported_media_type', { cause: err });
  }
};

/** Stores the picture unless the same bytes are already stored; true when it was new. */
export const storeCatalogueImage = async (
  trx: Trx,
  image: StoredImage,
  staffId: string,
  now: Date,
): Promise<boolean> => {
  const res = await trx
    .insertInto('catalogue_image')
    .values({
      file: image.file,
      content_type: 'image/webp',
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      staff_id: staffId,
      created_at: now,
    })
    .onConflict((oc) => oc.column('file').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
};
