import { describe, expect, it } from 'vitest';
import { fontStackCss, WEB_FONT_CLASS } from './font-stack.ts';
import indexHtml from './index.html?raw';

const css = fontStackCss();
// The stand-ins' faces (the generated ones: their family names are double-quoted, @fontsource's single).
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)]
  .filter(([, body = '']) => body.includes('font-family: "'))
  .map(([, body = '']) => ({
    family: /font-family: "([^"]+)"/.exec(body)?.[1],
    weight: /font-weight: (\d+)/.exec(body)?.[1],
    src: /src: ([^;]+)/.exec(body)?.[1],
    sizeAdjust: Number(/size-adjust: ([\d.]+)%/.exec(body)?.[1]) / 100,
    ascent: Number(/ascent-override: ([\d.]+)%/.exec(body)?.[1]) / 100,
  }));
const stackOf = (selector: string) =>
  new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')}\\{--font:([^;]+);`)
    .exec(css)?.[1]
    ?.split(',')
    .map((name) => name.trim()) ?? [];
const stack = stackOf(`:root.${WEB_FONT_CLASS}`);

describe('the font stack', () => {
  it('is Noto Sans Thai, then each measured stand-in, then the system fonts (for Thai, emoji)', () => {
    expect(stack[0]).toBe('"Noto Sans Thai"');
    const standIns = stack.filter((name) => name.startsWith('"Noto Sans Thai Fallback: '));
    expect(standIns).toHaveLength(5);
    // Then the platform's fonts, and nothing else: every name is a lookup in the first layout, and a
    // system font named again after its own stand-in can only be missing where its stand-in is.
    expect(stack.slice(1 + standIns.length)).toEqual(['system-ui', 'sans-serif']);
    // Every stand-in the stack names has a face, and no face is left out of the stack.
    const named = new Set(standIns.map((name) => name.slice(1, -1)));
    expect(new Set(faces.map((face) => face.family))).toEqual(named);
  });

  it('leaves Noto out unless index.html’s gate adds the class, where the service worker has the files', () => {
    // Without: the same stand-ins, so a page looks the same either way; no web font is asked for.
    expect(stackOf(':root')).toEqual(stack.slice(1));
    expect(indexHtml).toMatch(
      new RegExp(
        `serviceWorker\\.controller\\)\\s*document\\.documentElement\\.classList\\.add\\('${WEB_FONT_CLASS}'\\)`,
      ),
    );
  });

  it('uses a Noto face only when it is at hand at the first layout, never swapping it in later', () => {
    const noto = [...css.matchAll(/@font-face \{([^}]*)\}/g)]
      .map(([, body = '']) => body)
      .filter((body) => body.includes("font-family: 'Noto Sans Thai';"));
    // Thai, Latin and Latin Extended for each of the three weights.
    expect(noto).toHaveLength(9);
    for (const body of noto) {
      expect(body).toContain('font-display: optional;');
      expect(body).toMatch(/url\(@fontsource\/noto-sans-thai\/files\/[\w-]+\.woff2\)/);
    }
  });

  it('has a face for each weight the app loads, drawn from the system font of that weight', () => {
    const dejaVu = faces.filter((face) => face.family === 'Noto Sans Thai Fallback: DejaVu Sans');
    expect(dejaVu.map((face) => [face.weight, face.src])).toEqual([
      ['400', "local('DejaVuSans')"],
      ['700', "local('DejaVuSans-Bold')"],
    ]);
    // One name a face (its PostScript name, which browsers match as they match the full name): a
    // second name was a second lookup wherever the font is missing.
    expect(faces.map((face) => face.src)).toEqual(
      faces.map(() => expect.stringMatching(/^local\('[\w-]+'\)$/)),
    );
    const roboto = faces.filter((face) => face.family === 'Noto Sans Thai Fallback: Roboto');
    expect(roboto.map((face) => face.weight)).toEqual(['400', '600', '700']);
  });

  it('scales each stand-in to Noto’s average width and gives it Noto’s ascent', () => {
    // DejaVu Sans (1,041 / 2,048 em) is wider than Noto Sans Thai (474 / 1,000): drawn smaller.
    const regular = faces.find(
      (f) => f.family === 'Noto Sans Thai Fallback: DejaVu Sans' && f.weight === '400',
    );
    expect(regular?.sizeAdjust).toBeCloseTo(0.474 / (1041 / 2048), 3);
    expect((regular?.ascent ?? 0) * (regular?.sizeAdjust ?? 0)).toBeCloseTo(1.061, 3);
    // Roboto (911 / 2,048) is narrower: drawn larger.
    const roboto = faces.find((f) => f.family === 'Noto Sans Thai Fallback: Roboto' && f.weight === '400');
    expect(roboto?.sizeAdjust).toBeGreaterThan(1);
  });
});
