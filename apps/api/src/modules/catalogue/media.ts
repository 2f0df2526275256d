import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Catalogue artwork ships with the repository (apps/api/assets/catalogue/<kind>/<file>.svg) and is
 * served by the API at /media/catalogue/<kind>/<file>?v=<content hash>. The files are read once at
 * start; the hash in the URL changes whenever a file's bytes do, so the answer can be cached for a
 * year (immutable) — a redrawn picture gets a new URL, never a stale cache hit.
 */
export const MEDIA_KINDS = ['merchants', 'categories', 'vouchers', 'privileges', 'banners'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const CATALOGUE_ASSETS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../assets/catalogue',
);

export const MEDIA_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

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
  get(kind: MediaKind, file: string): MediaFile | undefined;
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
  return {
    get: (kind, file) => files.get(`${kind}/${file}`),
    url: (kind, file) => {
      if (UPLOADED_FILE_PATTERN.test(file)) return `/media/catalogue/${kind}/${file}`;
      const f = files.get(`${kind}/${file}`);
      return `/media/catalogue/${kind}/${encodeURIComponent(file)}${f ? `?v=${f.version}` : ''}`;
    },
  };
};

let shipped: MediaLibrary | undefined;

/**
 * The artwork shipped with the API, read on first use and kept for the life of the process: the
 * module that writes the URLs and the one that serves the files must see the same versions.
 */
export const shippedMediaLibrary = (): MediaLibrary => (shipped ??= loadMediaLibrary());
