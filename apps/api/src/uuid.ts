const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from paths, query strings and bodies: anything but a uuid matches nothing (never a 500). */
export const isUuid = (s: string) => UUID_RE.test(s);
