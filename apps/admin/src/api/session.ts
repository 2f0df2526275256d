import type { StaffMe } from '@app/contracts';

/*
 * The staff session lives in sessionStorage, not localStorage: it dies with the tab, and staff sessions
 * are short anyway (30 minutes idle, 8 hours at most). Never shared with the member app's keys.
 */
const TOKEN_KEY = 'privileges.admin.token';
const STAFF_KEY = 'privileges.admin.staff';
const ENDED_KEY = 'privileges.admin.sessionEnded';

const store = () => (typeof window === 'undefined' ? null : window.sessionStorage);

export const session = {
  token: (): string | null => store()?.getItem(TOKEN_KEY) ?? null,
  staff(): StaffMe | null {
    const raw = store()?.getItem(STAFF_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StaffMe;
    } catch {
      return null;
    }
  },
  save(token: string, staff: StaffMe) {
    store()?.setItem(TOKEN_KEY, token);
    store()?.setItem(STAFF_KEY, JSON.stringify(staff));
    store()?.removeItem(ENDED_KEY);
  },
  setStaff(staff: StaffMe) {
    store()?.setItem(STAFF_KEY, JSON.stringify(staff));
  },
  /** `ended`: the server refused the session (expired, revoked): sign-in says so. */
  clear(ended = false) {
    store()?.removeItem(TOKEN_KEY);
    store()?.removeItem(STAFF_KEY);
    if (ended) store()?.setItem(ENDED_KEY, '1');
  },
  /** The last session ended on the server's side (kept until the next sign-in). */
  endedBefore: (): boolean => store()?.getItem(ENDED_KEY) === '1',
};
