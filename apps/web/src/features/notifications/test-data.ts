import type { Notification } from '@app/contracts';

/** A notification as the API answers it; newest first means later `createdAt` first. */
export const aNotification = (over: Partial<Notification> = {}): Notification => ({
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Payment successful',
  description: 'Your order of 2 vouchers is paid. They are in your wallet.',
  isRead: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  type: 'order_successful',
  link: '/wallet',
  ...over,
});
