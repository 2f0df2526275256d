import type { Notification } from '@app/contracts';
import { CloseOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { toast, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { navigateTo } from '../../../shared/navigation.ts';
import styles from '../notifications.module.css';
import './toast-texts.ts';

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

/**
 * The library's cross is 14 px wide and named "close" in English: this one is a 44 px tap target with
 * a name in the member's language. A tap on it closes the toast without opening the Inbox.
 */
function CloseToast({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  const close = (event: MouseEvent) => {
    event.stopPropagation();
    closeToast(true);
  };
  return (
    <button
      type="button"
      className={styles.toastClose}
      aria-label={t('notificationToast.close')}
      onClick={close}
    >
      <CloseOutlined aria-hidden />
    </button>
  );
}

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
  createRoot(host).render(<ToastContainer {...TOAST_OPTIONS} closeButton={CloseToast} />);
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
