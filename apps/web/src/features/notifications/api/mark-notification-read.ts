import type { Notification } from '@app/contracts';
import { api } from '../../../shared/api/client.ts';

/** Marks one of the member's notifications read (idempotent); the body is empty by contract. */
export const markNotificationRead = async (id: string) =>
  (await api.patch(`/bff/userTier/notifications/read/${encodeURIComponent(id)}`, {
    body: {},
  })) as Notification;
