import { ErrorEnvelopeSchema, MemberCardResponseSchema } from '@app/contracts';
import { AppError } from '../../app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppModule } from '../../http/module.ts';
import { MEMBER_SECURITY } from '../../http/zod-app.ts';

/**
 * The member's own card number (what a store's point-of-sale system awards points to): the token says
 * whose, and there is no way to name another member.
 */
export const memberCardModule: AppModule = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/member-card',
    {
      schema: {
        tags: ['member'],
        summary: "The member card's number",
        description:
          "16 digits, the last a Luhn check digit. The member card shows it as text and carries the bare number in its QR and barcode; a store's POS sends it to POST /pos/v1/points.",
        security: MEMBER_SECURITY,
        response: { 200: MemberCardResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (req) => {
      const row = await deps.db
        .selectFrom('member')
        .select('card_number')
        .where('id', '=', req.member.memberId)
        .executeTakeFirst();
      if (!row) throw new AppError('unauthorized');
      return ok({ cardNumber: row.card_number });
    },
  );
};
