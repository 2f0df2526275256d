/** The API's answer when a save was made against an older version than the stored one (409). */
export const EDIT_CONFLICT = 'edit_conflict';

/** A catalogue row's edit version, +1 on every save; absent from servers that do not keep one. */
export type Versioned = { version?: number | null };

export const versionOf = (row: unknown): number | undefined => {
  const v = (row as Versioned | null)?.version;
  return typeof v === 'number' ? v : undefined;
};

/** `{ version }` to send with a save or a status change: only when the loaded row had one. */
export const versionBody = (row: unknown): { version?: number } => {
  const version = versionOf(row);
  return version === undefined ? {} : { version };
};
