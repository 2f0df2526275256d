import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { createOwner, noStaffYet, systemActor, type CreateOwnerOutcome } from './staff.service.ts';

/** The development start's owner: a known address whose codes land in the dev mailbox. */
export const DEV_OWNER = { email: 'owner@privileges.local', name: 'Programme Owner' } as const;

/**
 * In development, when no staff account exists at all, makes the owner `npm start` tells you to sign
 * in as. Never runs in production (a real owner comes from `npm run admin:create-owner`), and never
 * again once any staff exists — a deleted or renamed dev owner is not re-created behind your back.
 */
export const ensureDevOwner = async (
  db: Kysely<Database>,
  now: () => Date,
): Promise<CreateOwnerOutcome | undefined> => {
  if (!(await noStaffYet(db))) return undefined;
  return createOwner({ db, now }, { ...DEV_OWNER, actor: systemActor('development-start') });
};

export { createOwner, systemActor, type CreateOwnerOutcome };
