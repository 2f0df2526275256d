import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every date a member reads goes through shared/format.ts, so it is day/month/year on every screen and
 * Buddhist era in Thai. A screen that formats a date itself (Intl, toLocale…String, dayjs's format,
 * the Date's own day/month/year) fails here with the file and line.
 */

const src = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });

/** What formats a date, and the files allowed to (why in each case). */
const RULES: Array<{ what: string; pattern: RegExp; allowed: string[] }> = [
  {
    what: "Intl's date formatting",
    pattern: /Intl\.DateTimeFormat/,
    // calendar.ts reads the calendar day of an instant in a time zone; it prints nothing.
    allowed: ['shared/format.ts', 'shared/calendar.ts'],
  },
  {
    what: 'toLocaleDateString / toLocaleTimeString / toLocaleString',
    pattern: /\.toLocale(Date|Time)?String\(/,
    allowed: ['shared/format.ts'],
  },
  {
    what: "dayjs's format with date tokens",
    pattern: /\.format\(\s*['"`][^'"`]*(YYYY|BBBB|DD|MMM)/,
    allowed: ['shared/format.ts'],
  },
  {
    what: "a Date's own day, month or year",
    pattern: /\.get(UTC)?(FullYear|Month|Date)\(\)/,
    // calendar.ts turns an instant into its Bangkok calendar day, which formatDate then prints.
    allowed: ['shared/format.ts', 'shared/calendar.ts'],
  },
];

describe('dates are formatted in shared/format.ts only', () => {
  const files = sources(src).map((path) => ({
    name: relative(src, path).replaceAll('\\', '/'),
    lines: readFileSync(path, 'utf8').split('\n'),
  }));

  it('finds the app sources', () => {
    expect(files.some((f) => f.name === 'shared/format.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(RULES)('no screen uses $what', ({ pattern, allowed }) => {
    const found = files
      .filter((f) => !allowed.includes(f.name))
      .flatMap((f) =>
        f.lines.flatMap((line, i) =>
          pattern.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*')
            ? [`${f.name}:${i + 1}: ${line.trim()}`]
            : [],
        ),
      );
    expect(found).toEqual([]);
  });
});
