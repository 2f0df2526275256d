// The notifications module's public surface: other modules and app.ts import only from here.
export { notify, notifyOrder, type NewNotification, type OrderNotificationType } from './notify.ts';
export {
  announceExpiringPoints,
  announceExpiringVouchers,
  announceNewPrivileges,
  defineNotificationJobs,
} from './notifications.jobs.ts';
export { notificationsModule } from './notifications.routes.ts';
export { createNotificationVersions, type NotificationVersions } from './versions.ts';
export { renderNotification, type NotificationRow } from './render.ts';
export { deleteMemberSubscriptions } from './push.repository.ts';
export { pushPayloadOf, sendPush, drainPushOutbox, type PushPayload } from './push.sender.ts';
