import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The file in DATA_DIR that names the process owning the embedded database. */
export const LOCK_FILE = 'pglite.lock';

interface Owner {
  pid: number;
  /** Linux start time of the process (clock ticks since boot): tells a reused pid from the owner. */
  startTime?: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner,
  ) {
    super(
      (owner.pid === process.pid
        ? `DATA_DIR ${dataDir} is already open in this process (pid ${owner.pid}). `
        : `DATA_DIR ${dataDir} is in use by another process (pid ${owner.pid}, since ${owner.since}). `) +
        'The embedded database allows one process at a time: stop that process, ' +
        'or start this one with another DATA_DIR or with DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Field 22 of /proc/<pid>/stat; undefined where there is no /proc (macOS) or no such process. */
const processStartTime = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
};

const readOwner = (path: string): Owner | undefined => {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' ? { since: '?', ...owner, pid: owner.pid } : undefined;
  } catch {
    return undefined;
  }
};

const sameOwner = (a: Owner | undefined, b: Owner | undefined) =>
  a !== undefined && b !== undefined && a.pid === b.pid && a.startTime === b.startTime;

const isAlive = (owner: Owner): boolean => {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, belongs to another user
  }
  const startTime = processStartTime(owner.pid);
  // A pid that now belongs to a younger process is a leftover of a dead owner (common in containers).
  return startTime === undefined || owner.startTime === undefined || startTime === owner.startTime;
};

/**
 * Makes this process the only one using the embedded database in `dataDir`: PGlite takes no lock of
 * its own, and two processes writing one folder corrupt it. Throws DataDirInUseError while a live
 * process holds the lock; a lock whose process is gone (killed, crashed) is taken over. Returns the
 * release function; the lock is also dropped when the process exits.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, LOCK_FILE);
  const me: Owner = {
    pid: process.pid,
    ...(processStartTime(process.pid) ? { startTime: processStartTime(process.pid) } : {}),
    since: new Date().toISOString(),
  };
  // Written aside and hard-linked into place: the lock appears atomically and always complete.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (;;) {
      try {
        linkSync(draft, path);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(path);
      if (owner && isAlive(owner)) throw new DataDirInUseError(dir, owner);
      // Stale. Move it aside before deleting, and give it back if another starter replaced it meanwhile.
      const aside = `${path}.stale.${process.pid}`;
      try {
        renameSync(path, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const moved = readOwner(aside);
      if (moved && !sameOwner(moved, owner) && isAlive(moved)) {
        try {
          linkSync(aside, path);
        } finally {
          unlinkSync(aside);
        }
        throw new DataDirInUseError(dir, moved);
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(draft);
  }

  const release = () => {
    process.off('exit', release);
    if (sameOwner(readOwner(path), me)) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
};
