import { describe, expect, it } from 'vitest';
import webPackage from '../../../package.json';

/*
 * A screen's texts arrive through a module it imports for its effect alone (`import './texts.ts'`),
 * which calls addTexts. The build keeps such an import only when package.json's `sideEffects` names
 * the module: one it does not name is dropped without a word, and the screen shows raw keys such as
 * `notFound.title` in both languages. So every module that calls addTexts must match a pattern there.
 */

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `sideEffects` globs as the bundler reads them, relative to apps/web: `*` within a folder, `**` across. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .split(/(\*\*\/|\*)/)
    .map((part) =>
      part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^(?:.*/)?${body}$`);
}

const patterns = webPackage.sideEffects.map(globToRegExp);
const kept = (file: string) => patterns.some((p) => p.test(file.replace(/^\//, '')));

const textsModules = Object.entries(sources)
  .filter(([file, code]) => /\baddTexts\(/.test(code) && !file.endsWith('/add-texts.ts'))
  .map(([file]) => file);

describe("the modules that add a screen's texts", () => {
  it('reads the globs the way the bundler does', () => {
    expect(globToRegExp('./src/**/texts.ts').test('src/features/cart/texts.ts')).toBe(true);
    expect(globToRegExp('./src/**/texts.ts').test('src/app/texts.ts')).toBe(true);
    expect(globToRegExp('./src/**/texts.ts').test('src/shared/ui/coming-soon-texts.ts')).toBe(false);
    expect(globToRegExp('*.css').test('src/app/app.css')).toBe(true);
  });

  it('are found: every screen with texts of its own has one', () => {
    expect(textsModules).toEqual(
      expect.arrayContaining([
        '/src/app/texts.ts',
        '/src/shared/cart/texts.ts',
        '/src/features/notifications/texts.ts',
        '/src/features/wallet/texts.ts',
      ]),
    );
  });

  it("are all named by package.json's sideEffects, so the build keeps their imports", () => {
    expect(textsModules.filter((file) => !kept(file))).toEqual([]);
  });
});
