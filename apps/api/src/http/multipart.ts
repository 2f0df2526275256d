import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

const hasStatus = (err: unknown) =>
  typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number';

/**
 * The bytes of the single file of a multipart/form-data request, or undefined when the form holds no
 * file. The plugin's own errors carry their status (413 past `maxBytes` or a parts limit, 400 for a
 * connection closed early) and pass through. The parser underneath throws plain errors for a missing
 * boundary, a body cut short or bytes that are no form at all: those are the sender's fault, so they
 * become a 400 instead of the 500 a plain error would be.
 */
export const readSingleFile = async (req: FastifyRequest, maxBytes: number): Promise<Buffer | undefined> => {
  try {
    const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    return file ? await file.toBuffer() : undefined;
  } catch (err) {
    if (hasStatus(err)) throw err;
    throw new AppError('validation_failed', {
      details: ['The upload is not valid multipart/form-data'],
      cause: err,
    });
  }
};
