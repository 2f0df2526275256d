import type { toast as Toast } from './toast.ts';

const load = () => import('./toast.ts').then((m) => m.toast);

/**
 * The app's toast for a screen that paints without antd: antd's message (behind `toast`) downloads on
 * the first toast, not with the screen. The service worker keeps a copy for offline use; a toast whose
 * code cannot load at all is dropped with a warning rather than failing what raised it.
 */
export const lazyToast: typeof Toast = {
  success: (text) => void load().then((toast) => toast.success(text), ignore),
  error: (text) => void load().then((toast) => toast.error(text), ignore),
  successContent: (content, key) => void load().then((toast) => toast.successContent(content, key), ignore),
  dismiss: (key) => void load().then((toast) => toast.dismiss(key), ignore),
};

function ignore(error: unknown) {
  console.warn('toast failed to load', error);
}
