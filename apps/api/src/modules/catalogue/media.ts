import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Catalogue artwork ships with the repository (apps/api/assets/catalogue/<kind>/<file>.svg) and is
 * served by the API as a WebP picture at /media/catalogue/<kind>/<name>.webp?v=<content hash>. The
 * files are read once at start; the hash in the URL changes whenever a file's bytes do, so the answer
 * can be cached for a year (immutable) — a redrawn picture gets a new URL, never a stale cache hit.
 *
 * Why not the SVG itself: a browser draws each SVG picture as a document of its own, on the page's main
 * thread — on a mid-range phone home's 28 pictures held it 45–90 ms longer than the same pictures
 * as WebP, which is decoded off it. Pictures uploaded in the back office are WebP already; the demo
 * catalogue now costs a phone what a real one does. The drawing's own URL (`<file>.svg`) still answers,
 * for links made before.
 */
export const MEDIA_KINDS = ['merchants', 'categories', 'vouchers', 'privileges', 'banners'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const CATALOGUE_ASSETS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../assets/catalogue',
);

export const MEDIA_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

/** A shipped drawing's picture, as pages link it: the drawing's name with `.webp`. */
const SHIPPED_PICTURE_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/;

/**
 * WebP quality of a drawing's picture. Lower than the back office's photos (82): flat colour and soft
 * gradients show no difference side by side at 70, and the pictures are a quarter smaller (a voucher's
 * 15 → 11 KiB) — on a slow phone network the first screen's pictures share its bandwidth.
 */
const PICTURE_QUALITY = 70;

/**
 * A picture uploaded in the back office (stored in the catalogue_image table, not on disk): named by
 * its content hash, so the name alone versions its URL.
 */
export const UPLOADED_FILE_PATTERN = /^u-[A-Za-z0-9_-]{16,64}\.webp$/;

export interface MediaFile {
  bytes: Buffer;
  version: string;
  etag: string;
}

export interface MediaLibrary {
  /** A drawing by its file name (`<name>.svg`). */
  get(kind: MediaKind, file: string): MediaFile | undefined;
  /**
   * A drawing's picture by the name pages link (`<name>.webp`), drawn on first ask and kept for the
   * life of the process; undefined when there is no such drawing.
   */
  picture(kind: MediaKind, file: string): Promise<MediaFile | undefined>;
  /** The URL of a picture; a file the library does not hold still gets a (404-ing) URL without version. */
  url(kind: MediaKind, file: string): string;
}

export const loadMediaLibrary = (root = CATALOGUE_ASSETS_DIR): MediaLibrary => {
  const files = new Map<string, MediaFile>();
  for (const kind of MEDIA_KINDS) {
    const dir = join(root, kind);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!MEDIA_FILE_PATTERN.test(name)) continue;
      const bytes = readFileSync(join(dir, name));
      const version = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
      files.set(`${kind}/${name}`, { bytes, version, etag: `"${version}"` });
    }
  }
  const pictures = new Map<string, Promise<MediaFile>>();
  // At the drawing's own size (sharp draws an SVG at 72 dpi: a pixel a unit), which is drawn for three
  // times the size the app shows it at or more: a category's 96 px icon is shown 20 px wide, a
  // merchant's 256 px logo at most 48, a voucher's 800 px picture half a phone's width.
  const drawn = async (drawing: MediaFile): Promise<MediaFile> => {
    const bytes = await sharp(drawing.bytes).webp({ quality: PICTURE_QUALITY }).toBuffer();
    // The version is the drawing's (the picture follows from it); the tag tells the two apart.
    return { bytes, version: drawing.version, etag: `"${drawing.version}-webp"` };
  };
  return {
    get: (kind, file) => files.get(`${kind}/${file}`),
    picture: async (kind, file) => {
      const name = SHIPPED_PICTURE_PATTERN.exec(file)?.[1];
      const key = `${kind}/${name}.svg`;
      const drawing = name ? files.get(key) : undefined;
      if (!drawing) return undefined;
      let picture = pictures.get(key);
      if (!picture) {
        picture = drawn(drawing);
        pictures.set(key, picture);
        // A drawing that could not be drawn is tried again on the next ask.
        picture.catch(() => pictures.delete(key));
      }
      return picture;
    },
    url: (kind, file) => {
      if (UPLOADED_FILE_PATTERN.test(file)) return `/media/catalogue/${kind}/${file}`;
      const f = files.get(`${kind}/${file}`);
      if (!f) return `/media/catalogue/${kind}/${encodeURIComponent(file)}`;
      return `/media/catalogue/${kind}/${file.replace(/\.svg$/, '.webp')}?v=${f.version}`;
    },
  };
};

let shipped: MediaLibrary | undefined;

/**
 * The artwork shipped with the API, read on first use and kept for the life of the process: the
 * module that writes the URLs and the one that serves the files must see the same versions.
 */
export const shippedMediaLibrary = (): MediaLibrary => (shipped ??= loadMediaLibrary());
