import {
  AVATAR_MAX_BYTES,
  AvatarResponseSchema,
  InfoResponseSchema,
  PhoneCodesResponseSchema,
  PreferencesResponseSchema,
  ProfileResponseSchema,
  UpdatePreferencesBodySchema,
  UpdateProfileBodySchema,
} from '@app/contracts';
import { z } from 'zod';
import { forRequest } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../app-error.ts';
import type { AppModule } from '../../http/module.ts';
import { readSingleFile } from '../../http/multipart.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';
import { normalizeAvatar } from './avatar.ts';
import { missingFieldsOf, presentMember } from './member.presenter.ts';
import { findAvatar } from './member.repository.ts';
import { getMember, removeAvatar, replaceAvatar, updateProfile } from './member.service.ts';
import { PHONE_CODES } from './phone-codes.ts';
import { getPreferences, updatePreferences } from './preferences.service.ts';

/**
 * Profile, avatar, phone codes and user-info. Every read and write is of `req.member.memberId`'s own
 * row. Registered without a prefix: its paths span /auth/users/*, /info and /media/avatars/*.
 */
export const memberModule: AppModule = async (app, { deps, limiter }) => {
  const ctxOf = (req: Parameters<typeof forRequest>[1]) => forRequest(deps, req);
  // Each upload is decoded and re-encoded, and replaced pictures leave space to reclaim: bounded per member.
  const uploadsPerMember = limiter({
    name: 'avatar-member',
    max: deps.config.avatarUploadLimitPerMember,
    key: (req) => req.member.memberId,
  });

  app.get(
    '/auth/users/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'The signed-in member',
        security: MEMBER_SECURITY,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (req) => ok(presentMember(await getMember(ctxOf(req), req.member.memberId))),
  );

  app.patch(
    '/auth/users/update',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Update the profile (only the fields sent)',
        description:
          'Unknown or protected fields (id, avatarUrl, profileStatus…) → 400. E-mail of another member → 409 email_taken.',
        security: MEMBER_SECURITY,
        body: UpdateProfileBodySchema,
        response: { 200: ProfileResponseSchema },
      },
    },
    async (req) => ok(presentMember(await updateProfile(ctxOf(req), req.member.memberId, req.body))),
  );

  app.get(
    '/bff/member/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: "The member's preferences kept on the server (notifications on or off, language)",
        description: 'A device starts with these; its own copy is only a cache of them.',
        security: MEMBER_SECURITY,
        response: { 200: PreferencesResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getPreferences(ctxOf(req), req.member.memberId));
    },
  );

  app.patch(
    '/bff/member/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: "Changes the member's preferences (only the fields sent)",
        description:
          'language: what notifications, pushes and e-mails written by the server use from now on. ' +
          'notificationsEnabled false removes every push subscription of the member (all devices).',
        security: MEMBER_SECURITY,
        body: UpdatePreferencesBodySchema,
        response: { 200: PreferencesResponseSchema },
      },
    },
    async (req) => ok(await updatePreferences(ctxOf(req), req.member.memberId, req.body)),
  );

  app.post(
    '/auth/users/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Upload the avatar (multipart/form-data, one file: JPEG, PNG or WebP, at most 2 MB)',
        description:
          'Stored re-encoded as a 512 px square WebP with no metadata. Too large → 413 payload_too_large; ' +
          'not an image of those types → 415 unsupported_media_type; too many uploads → 429 rate_limited.',
        consumes: ['multipart/form-data'],
        security: MEMBER_SECURITY,
        response: { 200: AvatarResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('unsupported_media_type');
      await uploadsPerMember(req);
      const bytes = await readSingleFile(req, AVATAR_MAX_BYTES); // 413 past AVATAR_MAX_BYTES
      if (!bytes) throw new AppError('validation_failed', { details: ['file: An image file is required'] });
      const avatar = await normalizeAvatar(bytes);
      return ok(
        presentMember(await replaceAvatar(ctxOf(req), req.member.memberId, avatar.contentType, avatar.bytes)),
      );
    },
  );

  app.delete(
    '/auth/users/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Remove the avatar',
        security: MEMBER_SECURITY,
        response: { 200: AvatarResponseSchema },
      },
    },
    async (req) => ok(presentMember(await removeAvatar(ctxOf(req), req.member.memberId))),
  );

  app.get(
    '/media/avatars/:id',
    {
      schema: {
        tags: ['member'],
        summary: 'An avatar image (public: its URL is an unguessable id that changes with every upload)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (req, reply) => {
      const avatar = await findAvatar(deps.db, req.params.id);
      if (!avatar) throw new AppError('not_found');
      return reply
        .header('content-type', avatar.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(avatar.bytes));
    },
  );

  app.get(
    '/auth/users/phoneCodes',
    {
      schema: {
        tags: ['member'],
        summary: 'Country calling codes with English and Thai names, Thailand first',
        response: { 200: PhoneCodesResponseSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok([...PHONE_CODES]);
    },
  );

  app.get(
    '/info',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'User info: the member, and in `message` the required fields still empty',
        security: MEMBER_SECURITY,
        response: { 200: InfoResponseSchema },
      },
    },
    async (req) => {
      const info = presentMember(await getMember(ctxOf(req), req.member.memberId));
      return { success: true as const, message: missingFieldsOf(info), data: info };
    },
  );
};
