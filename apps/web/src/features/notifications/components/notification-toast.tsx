import type { Notification } from '@app/contracts';
import { createRoot } from 'react-dom/client';
import { toast, ToastContainer } from 'react-toastify';
import { navigateTo } from '../../../shared/navigation.ts';
import styles from '../notifications.module.css';

/**
 * A notification toast shows at the top centre for 3 s with a progress bar, closes on click, pauses
 * while hovered, can be dragged away and uses the light theme.
 */
export const TOAST_OPTIONS = {
  position: 'top-center',
  autoClose: 3000,
  hideProgressBar: false,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
  theme: 'light',
} as const;

let mounted = false;

/**
 * The container lives in a root of its own under <body>, made the first time a toast shows: nothing
 * of the library is in the app's tree until then (react-toastify injects its CSS when this loads).
 */
function ensureContainer(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.dataset.testid = 'notification-toasts';
  document.body.append(host);
  createRoot(host).render(<ToastContainer {...TOAST_OPTIONS} />);
}

/** Shows one notification; its id is the toast's, so the same one cannot stack twice. */
export function showNotificationToast(notification: Notification, inboxPath: string): void {
  ensureContainer();
  // Toasts raised before the container has mounted wait in the library's queue.
  toast(
    <div className={styles.toast} data-testid="notification-toast">
      <strong className={styles.toastTitle}>{notification.title}</strong>
      <span className={styles.toastText}>{notification.description}</span>
    </div>,
    { toastId: notification._id, onClick: () => void navigateTo(inboxPath) },
  );
}
