/** Why the camera is not showing: each has its own words on the screen, all leading to typing the code. */
export type CameraTrouble = 'denied' | 'none' | 'busy' | 'unsupported' | 'failed';
export type CameraStatus = 'starting' | 'on' | CameraTrouble;

/** A getUserMedia failure as the counter explains it. */
export function cameraTrouble(error: unknown): CameraTrouble {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'none';
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError':
      return 'busy';
    default:
      return 'failed';
  }
}

/**
 * Whether a code just read is handed on. The code of the customer just served is usually still in front
 * of the camera when staff tap Next customer: it is taken again only once it has been out of sight for
 * `GONE_MS`, so the screen does not look it up again by itself (and show "used up").
 */
export const GONE_MS = 1500;

export function sightings(now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();
  return {
    /** Records that `value` is in view; true when it is new (or back after being out of sight). */
    seen(value: string): boolean {
      const t = now();
      const before = lastSeen.get(value);
      lastSeen.set(value, t);
      return before === undefined || t - before > GONE_MS;
    },
    /** Forgets `value`, so the next sighting counts as new (staff asked to scan again). */
    forget(value: string) {
      lastSeen.delete(value);
    },
  };
}
