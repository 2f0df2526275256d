// What the app shell uses of notifications: the poll (with its toast) and the Inbox tab's count.
export { NotificationPoller } from './components/notification-poller.tsx';
export { useUnreadCount } from './hooks/use-unread-count.ts';
