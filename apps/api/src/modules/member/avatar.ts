import sharp from 'sharp';
import { AppError } from '../../app-error.ts';

/** Avatars are shown at most ~128 CSS px wide; 512 px covers 4× screens with room to spare. */
export const AVATAR_SIZE_PX = 512;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredAvatar {
  contentType: 'image/webp';
  bytes: Buffer;
}

/**
 * Decodes the upload (JPEG, PNG or WebP by its content — the declared type is not trusted), turns it
 * upright, crops it square at AVATAR_SIZE_PX and re-encodes it as WebP. Only pixels survive: EXIF
 * (GPS position, camera), ICC extras and anything appended to the file are dropped, and every stored
 * avatar is a few tens of kilobytes whatever was sent. Anything that does not decode → 415.
 */
export const normalizeAvatar = async (upload: Buffer): Promise<StoredAvatar> => {
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
    const bytes = await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { contentType: 'image/webp', bytes };
  } catch (err) {
    throw new AppError('unsupported_media_type', { cause: err });
  }
};
