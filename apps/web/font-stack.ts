// The app's typeface and the system fonts that stand in for it while it loads, as one CSS module
// (`virtual:font-stack.css`): Noto Sans Thai's faces for each weight the app uses, the `--font` stack
// every style uses, and a metric-matched @font-face for each stand-in.
//
// Where Noto Sans Thai is not at hand (a first visit), the page uses a system font. Unadjusted,
// the wider DejaVu Sans of Linux (or the narrower Roboto of Android) wraps titles differently, and
// everything under them moves when the web font lands: 0.022–0.024 of layout shift on home, over the
// 0.02 target. Each stand-in here is the system font scaled to Noto's average Latin glyph width and
// given Noto's ascent and descent (capsize's createFontStack), per weight the app uses, so lines break and
// sit where they will in Noto. Thai glyphs are in none of these fonts: Thai text falls through to the
// system's Thai font as before.
import { createFontStack } from '@capsizecss/core';
import arial700 from '@capsizecss/metrics/arial/700';
import arial from '@capsizecss/metrics/arial/regular';
import helveticaNeue700 from '@capsizecss/metrics/helveticaNeue/700';
import helveticaNeue from '@capsizecss/metrics/helveticaNeue/regular';
import noto600 from '@capsizecss/metrics/notoSansThai/600';
import noto700 from '@capsizecss/metrics/notoSansThai/700';
import noto from '@capsizecss/metrics/notoSansThai/regular';
import roboto600 from '@capsizecss/metrics/roboto/600';
import roboto700 from '@capsizecss/metrics/roboto/700';
import roboto from '@capsizecss/metrics/roboto/regular';
import segoeUI600 from '@capsizecss/metrics/segoeUI/600';
import segoeUI700 from '@capsizecss/metrics/segoeUI/700';
import segoeUI from '@capsizecss/metrics/segoeUI/regular';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

type Metrics = Parameters<typeof createFontStack>[0][number];

/**
 * DejaVu Sans, the sans-serif of Debian and Ubuntu, is not in capsize's collection: its metrics as
 * @capsizecss/unpack reads them from fonts-dejavu-core 2.37's files.
 */
const dejaVuSans: Metrics = {
  familyName: 'DejaVu Sans',
  fullName: 'DejaVu Sans',
  postscriptName: 'DejaVuSans',
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xWidthAvg: 1041,
};
const dejaVuSans700: Metrics = {
  ...dejaVuSans,
  fullName: 'DejaVu Sans Bold',
  postscriptName: 'DejaVuSans-Bold',
  xWidthAvg: 1176,
};

/**
 * The weights the app loads (each one's @fontsource faces, imported below) and each stand-in's face of
 * that weight, in the order they are tried: Android, Apple, Windows, Linux. A font without a 600 face is
 * matched to its 700 one by the browser.
 */
const WEIGHTS: { weight: number; noto: Metrics; standIns: Metrics[] }[] = [
  { weight: 400, noto, standIns: [roboto, helveticaNeue, segoeUI, arial, dejaVuSans] },
  { weight: 600, noto: noto600, standIns: [roboto600, segoeUI600] },
  {
    weight: 700,
    noto: noto700,
    standIns: [roboto700, helveticaNeue700, segoeUI700, arial700, dejaVuSans700],
  },
];

/**
 * For the characters none of the above has (Thai, emoji): the platform's own. `system-ui` is Safari's
 * too (since 11); `-apple-system` before it cost a first layout on Linux a failed lookup of 2–8 ms.
 */
const SYSTEM = 'system-ui, sans-serif';

/**
 * A stand-in's face looked up by its PostScript name alone. Browsers match `local()` against a font's
 * full name and its PostScript name alike, so capsize's second name only doubles the lookups where the
 * font is missing — and each lookup, hit or miss, holds the first layout for a round trip to the
 * browser's font service (on Linux 0.2–6 ms each: home made 22 of them, all but two misses). The
 * PostScript name is the one that is the same everywhere (Android's Roboto is "Roboto", not
 * "Roboto Regular", by its full name).
 */
const byPostScriptName = ({ fullName: _full, ...metrics }: Metrics): Metrics => metrics;

/**
 * Set on <html> by index.html's gate before the first paint, where the service worker controls the page
 * (its precache holds the font files). Elsewhere the stack leaves Noto out for the page's life: a first
 * visit asks for no font file while its first screen downloads, and is not laid out twice.
 */
export const WEB_FONT_CLASS = 'web-font';

export function fontStackCss(): string {
  const stacks = WEIGHTS.map(({ weight, noto: preferred, standIns }) =>
    createFontStack([preferred, ...standIns.map(byPostScriptName)], {
      fontFaceProperties: { fontWeight: String(weight) },
    }),
  );
  const [regular] = stacks;
  // Noto and its stand-ins' faces. capsize then names the system fonts themselves again: where a
  // face's font is missing its family is too, so each was one more failed lookup, not a better match.
  const faces = regular?.fontFamily.split(', ').slice(0, 1 + (WEIGHTS[0]?.standIns.length ?? 0));
  const withNoto = `${faces?.join(', ')}, ${SYSTEM}`;
  const standInsOnly = withNoto.replace(/^"Noto Sans Thai", /, '');
  return (
    WEIGHTS.map(({ weight }) => `${notoFaces(weight)}\n`).join('') +
    `:root{--font:${standInsOnly};}\n:root.${WEB_FONT_CLASS}{--font:${withNoto};}\n` +
    `${stacks.map((s) => s.fontFaces).join('\n')}\n`
  );
}

/**
 * @fontsource's faces of one weight, with `font-display: optional`: a face that is not at hand when the
 * text is first laid out (a first visit: the service worker has not cached it yet) is not used on that
 * page at all, rather than swapped in later. A swap lays out and draws every line of the page again —
 * 300 ms of a mid-range phone's main thread on home, the longest task of its start.
 */
function notoFaces(weight: number): string {
  const file = require.resolve(`@fontsource/noto-sans-thai/${weight}.css`);
  return readFileSync(file, 'utf8')
    .replaceAll('url(./files/', 'url(@fontsource/noto-sans-thai/files/')
    .replaceAll('font-display: swap;', 'font-display: optional;');
}

const ID = 'virtual:font-stack.css';

/** `import 'virtual:font-stack.css'`: the stack and the stand-ins' faces, made at build time. */
export const fontStack = (): Plugin => ({
  name: 'font-stack',
  resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
  load: (id) => (id === `\0${ID}` ? fontStackCss() : undefined),
});
