import {
  CreateStaffBodySchema,
  EndStaffSessionsResponseSchema,
  StaffIdParamsSchema,
  StaffListQuerySchema,
  StaffListResponseSchema,
  StaffResponseSchema,
  UpdateStaffBodySchema,
} from '@app/contracts';
import { ok } from '../../../http/envelope.ts';
import type { AdminArea } from '../area.ts';
import { actorOf } from '../audit.ts';
import { STAFF_SECURITY } from '../guard.ts';
import {
  createStaff,
  endStaffSessions,
  getStaff,
  listStaff,
  resetSecondFactor,
  updateStaff,
} from './staff.service.ts';

/** Staff accounts (/admin/api/staff): the owner's screen. Every change writes an audit row. */
export const staffArea: AdminArea = async (app, { deps }) => {
  const config = { permission: 'staff.manage' as const };
  const tags = ['admin: staff'];

  app.get(
    '/staff',
    {
      config,
      schema: {
        tags,
        summary: 'List staff accounts (search by e-mail or name; filter by role and status)',
        security: STAFF_SECURITY,
        querystring: StaffListQuerySchema,
        response: { 200: StaffListResponseSchema },
      },
    },
    async (req) => ok({ items: await listStaff(deps, req.query) }),
  );

  app.post(
    '/staff',
    {
      config,
      schema: {
        tags,
        summary: 'Create a staff account (it enrols an authenticator app at its first sign-in)',
        description:
          '409 staff_email_taken; 400 validation_failed on `storeIds` (store staff need at least one real store, ' +
          'other roles none).',
        security: STAFF_SECURITY,
        body: CreateStaffBodySchema,
        response: { 200: StaffResponseSchema },
      },
    },
    async (req) => ok(await createStaff(deps, actorOf(req), req.body)),
  );

  app.get(
    '/staff/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One staff account',
        security: STAFF_SECURITY,
        params: StaffIdParamsSchema,
        response: { 200: StaffResponseSchema },
      },
    },
    async (req) => ok(await getStaff(deps, req.params.id)),
  );

  app.patch(
    '/staff/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change name, role, stores, language or status',
        description:
          "A role change or disabling ends the account's sessions. 409 last_owner when no active owner would be left.",
        security: STAFF_SECURITY,
        params: StaffIdParamsSchema,
        body: UpdateStaffBodySchema,
        response: { 200: StaffResponseSchema },
      },
    },
    async (req) => ok(await updateStaff(deps, actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/staff/:id/sessions/end',
    {
      config,
      schema: {
        tags,
        summary: 'End every session of a staff account (it may sign in again)',
        security: STAFF_SECURITY,
        params: StaffIdParamsSchema,
        response: { 200: EndStaffSessionsResponseSchema },
      },
    },
    async (req) => ok({ ended: await endStaffSessions(deps, actorOf(req), req.params.id) }),
  );

  app.post(
    '/staff/:id/second-factor/reset',
    {
      config,
      schema: {
        tags,
        summary: "Forget a staff account's authenticator app (it enrols a new one at its next sign-in)",
        description: 'Also ends its sessions.',
        security: STAFF_SECURITY,
        params: StaffIdParamsSchema,
        response: { 200: StaffResponseSchema },
      },
    },
    async (req) => ok(await resetSecondFactor(deps, actorOf(req), req.params.id)),
  );
};
