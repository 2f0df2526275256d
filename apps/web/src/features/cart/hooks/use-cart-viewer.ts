import { useAuthStore } from '../../auth/index.ts';

/** Whose cart the screen shows (the cart key's viewer); /cart is protected, so a member is signed in. */
export const useCartViewer = (): string =>
  useAuthStore((s) => (s.isLoggedIn ? (s.info?.id ?? 'member') : 'visitor'));
