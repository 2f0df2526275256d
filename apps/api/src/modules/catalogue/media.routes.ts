import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { MEDIA_FILE_PATTERN, MEDIA_KINDS, shippedMediaLibrary } from './media.ts';

/**
 * The catalogue's pictures, for prefix '/media/catalogue': `/<kind>/<file>?v=<content hash>`. No
 * token is read; unknown kind or file (or a path that tries to leave the folder) → 404.
 */
export const catalogueMediaModule: FastifyPluginAsyncZod = async (app) => {
  const media = shippedMediaLibrary();
  app.get(
    '/:kind/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Catalogue artwork (SVG), cached for a year: the URL carries a hash of the content',
        params: z.object({ kind: z.string(), file: z.string() }),
        querystring: z.object({ v: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const { kind, file } = req.params;
      const known = MEDIA_KINDS.find((k) => k === kind);
      const picture = known && MEDIA_FILE_PATTERN.test(file) ? media.get(known, file) : undefined;
      if (!picture) throw new AppError('not_found');
      reply
        .header('content-type', 'image/svg+xml')
        .header('etag', picture.etag)
        // A URL with the current hash never changes content; an old or bare URL is revalidated.
        .header(
          'cache-control',
          req.query.v === picture.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        // Our own SVGs carry no scripts; this keeps any SVG opened directly from running one.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === picture.etag) return reply.status(304).send();
      return reply.send(picture.bytes);
    },
  );
};
