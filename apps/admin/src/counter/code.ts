/*
 * A wallet code as staff type it or a scanner reads it, made into what the counter API looks up.
 * Codes are printed in groups of four ("7KQ2 M9XP 4RTD WXYZ") and read aloud, so spaces, dashes and dots
 * between the groups, lower case, and the full-width letters some Thai keyboards type are all the same
 * code. Nothing else is changed: a character a code cannot hold is left for the API to refuse.
 */

/** Longer than any code the programme issues; a pasted paragraph is not sent. */
export const MAX_CODE_LENGTH = 64;

/** The code to look up, or null when nothing code-like was given. */
export function normaliseCode(raw: string): string | null {
  const code = raw
    .normalize('NFKC')
    .replace(/[\s\-‐‑‒–—_.·]+/g, '')
    .toUpperCase();
  if (!code || code.length > MAX_CODE_LENGTH) return null;
  return /^[A-Z0-9]+$/.test(code) ? code : null;
}

/** "7KQ2M9XP4RTDWXYZ" → "7KQ2 M9XP 4RTD WXYZ": the way the member's screen shows it, to compare by eye. */
export const groupedCode = (code: string) => (code.match(/.{1,4}/g) ?? [code]).join(' ');
