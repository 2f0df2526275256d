import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { ModuleOptions } from '../../http/module.ts';
import { MEDIA_FILE_PATTERN, MEDIA_KINDS, UPLOADED_FILE_PATTERN, shippedMediaLibrary } from './media.ts';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * The catalogue's pictures, for prefix '/media/catalogue': `/<kind>/<name>.webp?v=<content hash>` for the
 * artwork shipped with the API, `/<kind>/u-<content hash>.webp` for pictures uploaded in the back
 * office (read from the database). No token is read; unknown kind or file (or a path that tries to
 * leave the folder) → 404.
 */
export const catalogueMediaModule: FastifyPluginAsyncZod<Partial<ModuleOptions>> = async (app, opts) => {
  const media = shippedMediaLibrary();
  app.get(
    '/:kind/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Catalogue pictures (shipped artwork as WebP, or its SVG drawing; uploaded WebP), cached for a year: the URL carries a hash of the content',
        params: z.object({ kind: z.string(), file: z.string() }),
        querystring: z.object({ v: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const { kind, file } = req.params;
      const known = MEDIA_KINDS.find((k) => k === kind);
      if (known && opts.deps && UPLOADED_FILE_PATTERN.test(file)) {
        // The name is the content's hash: the same URL never shows other bytes. A revalidation reads no
        // bytes (on the embedded database a large read holds its one connection).
        const etag = `"${file.slice(2, -5)}"`;
        const revalidating = req.headers['if-none-match'] === etag;
        const image = await opts.deps.db
          .selectFrom('catalogue_image')
          .select(revalidating ? ['content_type'] : ['content_type', 'bytes'])
          .where('file', '=', file)
          .executeTakeFirst();
        if (!image) throw new AppError('not_found');
        reply
          .header('content-type', image.content_type)
          .header('etag', etag)
          .header('cache-control', YEAR)
          .header('content-security-policy', "default-src 'none'")
          .header('x-content-type-options', 'nosniff');
        if (revalidating || !('bytes' in image)) return reply.status(304).send();
        return reply.send(Buffer.from(image.bytes));
      }
      // The drawing itself where a link names it (links made before pictures were WebP).
      const drawing = MEDIA_FILE_PATTERN.test(file);
      const picture = known && (drawing ? media.get(known, file) : await media.picture(known, file));
      if (!picture) throw new AppError('not_found');
      reply
        .header('content-type', drawing ? 'image/svg+xml' : 'image/webp')
        .header('etag', picture.etag)
        // A URL with the current hash never changes content; an old or bare URL is revalidated.
        .header('cache-control', req.query.v === picture.version ? YEAR : 'public, max-age=300')
        // Our own SVGs carry no scripts; this keeps any SVG opened directly from running one.
        .header(
          'content-security-policy',
          drawing ? "default-src 'none'; style-src 'unsafe-inline'" : "default-src 'none'",
        )
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === picture.etag) return reply.status(304).send();
      return reply.send(picture.bytes);
    },
  );
};
