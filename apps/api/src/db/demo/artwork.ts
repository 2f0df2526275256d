/*
 * Generated artwork for the demo catalogue: pure functions returning standalone SVG strings.
 * No dependencies, no external references, no fonts except a short Latin monogram on merchant logos.
 * Every SVG is deterministic (same input → same bytes) and stays well under 6 KB.
 */
import type { DemoBanner, DemoMerchant, DemoPrivilege, DemoVoucher } from './catalogue-data.ts';

/* ------------------------------------------------------------------ colour & random helpers */

const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const hex = (v: number[]) =>
  '#' +
  v
    .map((x) =>
      Math.max(0, Math.min(255, Math.round(x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const mix = (a: string, b: string, t: number) => {
  const A = rgb(a);
  const B = rgb(b);
  return hex(A.map((x, i) => x + (B[i]! - x) * t));
};
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);
const luma = (c: string) => {
  const [r, g, b] = rgb(c) as [number, number, number];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** FNV-1a, for stable per-key variation. */
function hash(s: string) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
function rng(seed: number) {
  let a = seed || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r0 = (n: number) => Math.round(n);
/** Short id prefix so several SVGs can be inlined into one page without id clashes. */
const idOf = (s: string) => 'a' + (hash(s) % 46656).toString(36);

/* ------------------------------------------------------------------ palette */

interface Pal {
  main: string;
  accent: string;
  dark: string;
  light: string;
  cream: string;
  /** A light, readable version of the accent (for shapes drawn on the brand colour). */
  pop: string;
}

function palette(main: string, accent: string): Pal {
  // Keep the accent visible on the main colour: dark accents (e.g. navy on orange) are lifted.
  const pop = luma(accent) < 0.35 ? lighten(accent, 0.75) : accent;
  return {
    main,
    accent,
    dark: darken(main, 0.45),
    light: lighten(main, 0.82),
    cream: '#fff8ee',
    pop,
  };
}

/* ------------------------------------------------------------------ small shapes */

const sparkle = (x: number, y: number, s: number, fill: string, op = 1) =>
  `<path transform="translate(${r0(x)} ${r0(y)}) scale(${s.toFixed(2)})" d="M0-14C2-4 4-2 14 0C4 2 2 4 0 14C-2 4-4 2-14 0C-4-2-2-4 0-14z" fill="${fill}"${op < 1 ? ` opacity="${op}"` : ''}/>`;

function starPath(cx: number, cy: number, R: number, r: number) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rad = i % 2 ? r : R;
    d += `${i ? 'L' : 'M'}${r0(cx + rad * Math.cos(a))} ${r0(cy + rad * Math.sin(a))}`;
  }
  return d + 'z';
}

const steam = (xs: number[], y: number, op = 0.55) =>
  `<path d="${xs.map((x) => `M${x} ${y}c-18-22 14-34 0-62`).join('')}" fill="none" stroke="#fff" stroke-width="11" stroke-linecap="round" opacity="${op}"/>`;

const leaf = (x: number, y: number, rot: number, s: number, fill: string) =>
  `<path transform="translate(${x} ${y}) rotate(${rot}) scale(${s})" d="M0 0C18-20 52-24 80 0C52 24 18 20 0 0z" fill="${fill}"/>`;

/* ------------------------------------------------------------------ motifs (drawn in a 400×400 box) */

type Motif = (p: Pal, id: string, variant: number) => string;

const COFFEE = '#5a3825';

const motifs: Record<string, Motif> = {
  cup: (p) =>
    steam([152, 200, 248], 132) +
    `<ellipse cx="200" cy="318" rx="150" ry="30" fill="${p.cream}"/>` +
    `<ellipse cx="200" cy="312" rx="104" ry="16" fill="${mix(p.cream, p.main, 0.14)}"/>` +
    `<path d="M296 196a46 46 0 1 1-10 88" fill="none" stroke="${p.cream}" stroke-width="22"/>` +
    `<path d="M92 170h216c0 95-40 140-108 140S92 265 92 170z" fill="${p.cream}"/>` +
    `<path d="M96 214h208c-3 14-6 26-11 37H107c-5-11-8-23-11-37z" fill="${p.pop}"/>` +
    `<path d="M118 196c2 40 14 70 38 92" stroke="#fff" stroke-width="9" stroke-linecap="round" fill="none" opacity=".7"/>` +
    `<ellipse cx="200" cy="170" rx="108" ry="24" fill="${p.cream}"/>` +
    `<ellipse cx="200" cy="172" rx="94" ry="17" fill="${COFFEE}"/>` +
    `<path d="M200 184c-26-12-20-28-6-24 3 1 5 3 6 6 1-3 3-5 6-6 14-4 20 12-6 24z" fill="#e9c9a0"/>`,

  iced: (p) =>
    `<rect x="212" y="28" width="16" height="200" rx="8" fill="${p.pop}" transform="rotate(14 220 128)"/>` +
    `<path d="M136 178h128l-13 154a12 12 0 0 1-12 11h-78a12 12 0 0 1-12-11z" fill="#a86a3f"/>` +
    `<path d="M136 178h128l-4 50H140z" fill="${p.cream}"/>` +
    `<path d="M140 226h120l-2 30c-40 12-76-10-116 2z" fill="#d9a577"/>` +
    `<rect x="150" y="150" width="46" height="46" rx="9" fill="#fff" opacity=".6" transform="rotate(-12 173 173)"/>` +
    `<rect x="204" y="140" width="44" height="44" rx="9" fill="#fff" opacity=".55" transform="rotate(16 226 162)"/>` +
    `<path d="M126 94h148l-21 242a16 16 0 0 1-16 14h-74a16 16 0 0 1-16-14z" fill="#fff" opacity=".25"/>` +
    `<path d="M146 118l16 206" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".6"/>` +
    `<ellipse cx="200" cy="94" rx="74" ry="12" fill="#fff" opacity=".5"/>` +
    `<ellipse cx="200" cy="356" rx="84" ry="10" fill="${p.dark}" opacity=".25"/>`,

  cake: (p) =>
    `<ellipse cx="200" cy="326" rx="132" ry="20" fill="${p.cream}"/>` +
    `<path d="M170 330h60l10 34h-80z" fill="${p.cream}"/>` +
    `<path d="M100 196v110a100 24 0 0 0 200 0V196z" fill="#eec286"/>` +
    `<path d="M100 250a100 24 0 0 0 200 0v16a100 24 0 0 1-200 0z" fill="${p.pop}"/>` +
    `<path d="M100 196a100 24 0 0 0 200 0v20c-8 12-14 0-20 10s-12 16-18 2-12 6-20 8-12-8-20 2-14 6-22-2-12 10-20 2-12-12-18-2-14 8-20-4-10 6-20-2-12-6-22 2z" fill="#fff6ea"/>` +
    `<ellipse cx="200" cy="196" rx="100" ry="24" fill="#fff6ea"/>` +
    [150, 200, 250]
      .map(
        (x, i) =>
          `<path d="M${x} ${200 - (i % 2) * 10}c-16-8-22-26-10-32 6-3 10-1 10-1s4-2 10 1c12 6 6 24-10 32z" fill="#e0413a"/><path d="M${x - 8} ${168 - (i % 2) * 10}c5-8 11-8 16 0-5-3-11-3-16 0z" fill="#3a9d4a"/>`,
      )
      .join('') +
    `<rect x="194" y="110" width="12" height="48" rx="4" fill="${p.cream}"/><path d="M200 84c10 12 10 22 0 24-10-2-10-12 0-24z" fill="#ffb703"/>`,

  croissant: (p) =>
    `<ellipse cx="200" cy="300" rx="166" ry="24" fill="${p.cream}"/>` +
    `<path d="M50 280C54 126 346 126 350 280c-8 12-24 10-32-2-40-44-196-44-236 0-8 12-24 14-32 2z" fill="#e9a849" stroke="#b9742a" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M112 198c14 18 18 42 12 64M162 178c12 20 14 44 8 66M238 178c-12 20-14 44-8 66M288 198c-14 18-18 42-12 64" stroke="#b9742a" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    `<path d="M176 176c16-6 32-6 48 0M92 236c4-12 10-20 18-26" stroke="#fff" stroke-width="7" stroke-linecap="round" fill="none" opacity=".45"/>` +
    sparkle(330, 120, 1, p.cream, 0.9) +
    sparkle(80, 140, 0.7, p.cream, 0.8),

  bowl: (p) =>
    steam([168, 232], 150, 0.5) +
    `<ellipse cx="200" cy="204" rx="156" ry="36" fill="${p.dark}"/>` +
    `<ellipse cx="200" cy="208" rx="144" ry="28" fill="#d9823b"/>` +
    `<path d="M84 212c20-14 40 14 60 0s40 14 60 0 40 14 60 0 40 14 60 0M104 198c20-14 40 14 60 0s40 14 60 0 40 14 60 0" stroke="#f7dc8f" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="148" cy="196" rx="28" ry="18" fill="#fff"/><circle cx="148" cy="196" r="10" fill="#f6a821"/>` +
    `<ellipse cx="246" cy="196" rx="32" ry="13" fill="#b4533a"/><ellipse cx="278" cy="212" rx="26" ry="11" fill="#c8684c"/>` +
    `<g fill="#47a84f"><circle cx="198" cy="188" r="7"/><circle cx="214" cy="220" r="6"/><circle cx="180" cy="224" r="6"/><circle cx="112" cy="216" r="6"/></g>` +
    `<path d="M44 204A156 36 0 0 0 356 204C350 290 284 338 200 338S50 290 44 204z" fill="${p.cream}"/>` +
    `<path d="M88 270q16-14 32 0t32 0 32 0 32 0 32 0 32 0 32 0" stroke="${p.main}" stroke-width="7" fill="none"/>` +
    `<path d="M150 334h100l-8 18h-84z" fill="${p.cream}"/>` +
    `<path d="M346 56L214 200M366 72L238 208" stroke="#9c6b3c" stroke-width="11" stroke-linecap="round"/>`,

  hotpot: (p) =>
    steam([150, 200, 250], 140) +
    `<rect x="40" y="186" width="44" height="20" rx="10" fill="${p.dark}"/><rect x="316" y="186" width="44" height="20" rx="10" fill="${p.dark}"/>` +
    `<path d="M70 186h260v64c0 52-40 82-130 82S70 302 70 250z" fill="${mix(p.dark, '#333333', 0.4)}"/>` +
    `<path d="M90 236h220" stroke="#fff" stroke-width="6" opacity=".15"/>` +
    `<ellipse cx="200" cy="186" rx="132" ry="30" fill="${mix(p.dark, '#777777', 0.4)}"/>` +
    `<ellipse cx="200" cy="188" rx="118" ry="23" fill="#e2552d"/>` +
    `<path d="M200 165c-28 8 28 38 0 46a118 23 0 0 0 118-23 118 23 0 0 0-118-23z" fill="#f2c36b"/>` +
    `<path d="M128 184a15 15 0 1 1 21 10M240 178a14 14 0 1 1 20 9" stroke="#ff9d6a" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="170" cy="198" rx="18" ry="8" fill="#f6c1b0"/><ellipse cx="272" cy="198" rx="18" ry="8" fill="#f6c1b0"/>` +
    `<g fill="#4caf50"><circle cx="206" cy="178" r="6"/><circle cx="110" cy="194" r="5"/><circle cx="300" cy="184" r="5"/></g>` +
    `<g fill="none" stroke="#fff" stroke-width="3" opacity=".7"><circle cx="222" cy="196" r="5"/><circle cx="150" cy="176" r="4"/><circle cx="292" cy="194" r="4"/></g>` +
    `<rect x="110" y="332" width="180" height="16" rx="8" fill="${p.pop}"/>`,

  plate: (p) =>
    `<path d="M58 120v50c0 12 8 18 14 20v140" stroke="${p.cream}" stroke-width="12" stroke-linecap="round" fill="none"/><path d="M46 120v44M70 120v44" stroke="${p.cream}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M342 330V120c-22 10-30 50-22 100h22" fill="${p.cream}"/>` +
    `<circle cx="200" cy="224" r="128" fill="#fff"/><circle cx="200" cy="224" r="96" fill="${p.light}"/>` +
    `<ellipse cx="170" cy="232" rx="58" ry="44" fill="#fffdf5"/>` +
    `<g fill="#3a3a3a" opacity=".5"><circle cx="152" cy="220" r="2.5"/><circle cx="176" cy="212" r="2.5"/><circle cx="166" cy="244" r="2.5"/><circle cx="190" cy="236" r="2.5"/></g>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<ellipse cx="244" cy="${206 + i * 20}" rx="44" ry="16" fill="${i === 1 ? '#ffb703' : '#ffc94d'}" transform="rotate(${-24 + i * 10} 244 ${206 + i * 20})"/>`,
      )
      .join('') +
    `<path d="M130 262c30 14 70 14 96 0" stroke="#fff2cc" stroke-width="8" stroke-linecap="round" fill="none"/>` +
    leaf(206, 186, -40, 0.4, '#3a9d4a'),

  film: (p) => {
    let holes = '';
    for (let i = 0; i < 5; i++) {
      const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
      holes += `<circle cx="${r0(150 + 56 * Math.cos(a))}" cy="${r0(160 + 56 * Math.sin(a))}" r="22"/>`;
    }
    return (
      `<path d="M150 262c30 80 150 90 230 40" stroke="${p.dark}" stroke-width="44" fill="none"/>` +
      `<path d="M150 262c30 80 150 90 230 40" stroke="#fff" stroke-width="7" stroke-dasharray="9 11" fill="none" opacity=".55"/>` +
      `<circle cx="150" cy="160" r="104" fill="${p.dark}"/><circle cx="150" cy="160" r="92" fill="${mix(p.dark, '#888888', 0.25)}"/>` +
      `<g fill="${p.light}">${holes}<circle cx="150" cy="160" r="12"/></g>` +
      `<g fill="#fff3c4"><circle cx="252" cy="186" r="22"/><circle cx="286" cy="170" r="24"/><circle cx="322" cy="186" r="22"/><circle cx="268" cy="160" r="18"/><circle cx="306" cy="156" r="18"/><circle cx="344" cy="196" r="16"/><circle cx="238" cy="200" r="16"/></g>` +
      `<path d="M230 200h128l-18 150h-92z" fill="#fff"/>` +
      `<path d="M252 200h24l-3 150h-17zM304 200h24l-9 150h-17z" fill="${p.accent === p.pop ? p.accent : '#e63946'}"/>` +
      `<path d="M230 200h128v18H230z" fill="${p.dark}" opacity=".15"/>`
    );
  },

  tickets: (p) => {
    const t = (x: number, y: number, rot: number, fill: string, ink: string) =>
      `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M-130-64h260v44a20 20 0 0 0 0 40v44h-260V20a20 20 0 0 0 0-40z" fill="${fill}"/>` +
      `<path d="M66-52v104" stroke="${ink}" stroke-width="5" stroke-dasharray="8 8" opacity=".5"/>` +
      `<path d="${starPath(-30, 0, 34, 15)}" fill="${ink}"/><rect x="-100" y="40" width="110" height="8" rx="4" fill="${ink}" opacity=".3"/></g>`;
    return (
      t(196, 150, -12, p.pop, p.dark) +
      t(212, 262, 7, p.cream, p.main) +
      sparkle(340, 90, 1, p.cream) +
      sparkle(70, 320, 0.8, p.cream, 0.9)
    );
  },

  clapper: (p) => {
    const stripes = (y: number) =>
      [0, 1, 2, 3, 4].map((i) => `<path d="M${104 + i * 46} ${y}h24l-18 34h-24z"/>`).join('');
    return (
      `<rect x="92" y="176" width="226" height="150" rx="14" fill="${p.dark}"/>` +
      `<rect x="92" y="176" width="226" height="36" fill="#fff"/><g fill="${p.dark}">${stripes(177)}</g>` +
      `<g transform="rotate(-16 96 170)"><rect x="92" y="132" width="226" height="36" rx="4" fill="#fff"/><g fill="${p.dark}">${stripes(133)}</g></g>` +
      `<circle cx="100" cy="172" r="9" fill="${p.pop}"/>` +
      `<rect x="116" y="236" width="120" height="12" rx="6" fill="#fff" opacity=".35"/><rect x="116" y="262" width="170" height="12" rx="6" fill="#fff" opacity=".2"/><rect x="116" y="288" width="90" height="12" rx="6" fill="#fff" opacity=".2"/>` +
      `<g fill="#fff3c4"><circle cx="330" cy="300" r="16"/><circle cx="350" cy="318" r="13"/><circle cx="72" cy="318" r="12"/></g>` +
      sparkle(330, 110, 1.1, p.cream) +
      sparkle(70, 120, 0.7, p.cream, 0.9)
    );
  },

  mic: (p, id) =>
    `<clipPath id="${id}m"><circle cx="200" cy="140" r="60"/></clipPath>` +
    `<path d="M186 214h28l-6 132h-16z" fill="${p.dark}"/>` +
    `<rect x="168" y="196" width="64" height="24" rx="8" fill="${p.pop}"/>` +
    `<circle cx="200" cy="140" r="64" fill="#cfd5dd"/><circle cx="200" cy="140" r="60" fill="#e4e8ee"/>` +
    `<path clip-path="url(#${id}m)" d="M130 110h140M130 132h140M130 154h140M130 176h140M170 70v140M200 70v140M230 70v140" stroke="#aeb6c1" stroke-width="4"/>` +
    `<path d="M166 104c10-14 26-20 40-18" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none" opacity=".8"/>` +
    `<g fill="${p.cream}"><path d="M300 96v62a14 10 0 1 1-6-8v-46l34-10v44a14 10 0 1 1-6-8V92z"/><path d="M86 170v48a12 9 0 1 1-6-7v-41z"/></g>` +
    sparkle(334, 214, 0.8, p.cream) +
    sparkle(100, 100, 0.9, p.cream, 0.9),

  bowling: (p) => {
    const pin = (x: number, y: number, k: number) =>
      `<g transform="translate(${x} ${y}) scale(${k})"><path d="M0 0c-14 0-20 18-14 34 4 10-16 28-16 60 0 26 12 42 30 42s30-16 30-42c0-32-20-50-16-60 6-16 0-34-14-34z" fill="#fff"/><path d="M-13 28h26v7h-26zM-12 42h24v6h-24z" fill="#e63946"/></g>`;
    return (
      pin(238, 110, 1) +
      pin(310, 120, 1) +
      pin(274, 150, 1.12) +
      `<circle cx="158" cy="262" r="76" fill="${p.pop}"/>` +
      `<circle cx="158" cy="262" r="76" fill="${p.dark}" opacity=".25"/>` +
      `<g fill="${p.dark}"><circle cx="140" cy="228" r="10"/><circle cx="170" cy="222" r="10"/><circle cx="158" cy="252" r="11"/></g>` +
      `<path d="M108 250c4-28 20-48 44-54" stroke="#fff" stroke-width="9" stroke-linecap="round" fill="none" opacity=".4"/>` +
      sparkle(90, 140, 0.9, p.cream) +
      sparkle(350, 300, 0.7, p.cream, 0.9)
    );
  },

  plane: (p) =>
    `<circle cx="300" cy="104" r="46" fill="#ffd166"/>` +
    `<path d="M30 330c10-40 60-50 90-30 14-40 80-44 100-6 30-20 80-6 84 36z" fill="#fff" opacity=".9"/>` +
    `<path d="M240 250c8-26 44-32 60-16 14-22 58-16 62 16z" fill="#fff" opacity=".75"/>` +
    `<path d="M40 300c80-30 160-80 220-150" stroke="#fff" stroke-width="6" stroke-dasharray="2 14" stroke-linecap="round" fill="none" opacity=".8"/>` +
    `<g transform="rotate(-24 210 190)">` +
    `<path d="M200 176l-48-86h30l74 86z" fill="${lighten(p.main, 0.55)}"/>` +
    `<path d="M92 180l-26-50h22l44 50z" fill="${p.pop}"/>` +
    `<rect x="70" y="170" width="270" height="44" rx="22" fill="#fff"/>` +
    `<path d="M300 172c20 2 38 10 40 20h-40z" fill="${p.main}" opacity=".8"/>` +
    `<g fill="${p.main}" opacity=".7"><circle cx="130" cy="188" r="5"/><circle cx="152" cy="188" r="5"/><circle cx="174" cy="188" r="5"/><circle cx="196" cy="188" r="5"/><circle cx="218" cy="188" r="5"/><circle cx="240" cy="188" r="5"/><circle cx="262" cy="188" r="5"/></g>` +
    `<path d="M200 208l-54 96h32l80-96z" fill="${lighten(p.main, 0.75)}"/>` +
    `<path d="M70 200h270" stroke="${p.pop}" stroke-width="5" opacity=".8"/></g>`,

  suitcase: (p) =>
    `<rect x="156" y="62" width="88" height="62" rx="20" fill="none" stroke="${p.dark}" stroke-width="14"/>` +
    `<rect x="90" y="104" width="220" height="236" rx="28" fill="${p.pop}"/>` +
    `<path d="M144 104v236M256 104v236" stroke="${darken(p.pop, 0.18)}" stroke-width="14"/>` +
    `<rect x="90" y="104" width="220" height="236" rx="28" fill="none" stroke="${darken(p.pop, 0.25)}" stroke-width="6"/>` +
    `<circle cx="196" cy="186" r="30" fill="${p.cream}"/><path d="${starPath(196, 186, 18, 8)}" fill="${p.main}"/>` +
    `<rect x="160" y="250" width="76" height="44" rx="8" fill="#fff" transform="rotate(-8 198 272)"/><path d="M174 268h48M174 280h30" stroke="${p.main}" stroke-width="5" stroke-linecap="round" transform="rotate(-8 198 272)"/>` +
    `<circle cx="126" cy="352" r="14" fill="${p.dark}"/><circle cx="274" cy="352" r="14" fill="${p.dark}"/>` +
    sparkle(332, 96, 1, p.cream) +
    leaf(300, 300, -70, 1.1, '#3a9d4a') +
    leaf(306, 300, -20, 0.9, '#57b860'),

  scene: (p, id, variant) => {
    const hills = variant % 2 === 1;
    const inner = hills
      ? `<rect x="40" y="40" width="320" height="320" fill="#d7ecf7"/><circle cx="262" cy="140" r="34" fill="#ffd166"/>` +
        `<path d="M40 250l70-70 60 50 70-90 120 110v120H40z" fill="#5d9c6a"/><path d="M40 290c60-40 120-30 170-10s110 10 150-20v100H40z" fill="#2f6b45"/>` +
        `<path d="M60 232h140M150 260h170" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".45"/>`
      : `<rect x="40" y="40" width="320" height="320" fill="#bfe8f5"/><circle cx="262" cy="146" r="36" fill="#ffd166"/>` +
        `<rect x="40" y="232" width="320" height="128" fill="#2a9fd6"/><path d="M70 256h60M210 270h80M110 288h70" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".7"/>` +
        `<path d="M40 306c80-30 200-30 320 0v54H40z" fill="#f4dca0"/>` +
        `<path d="M124 312c0-60 10-104 34-146" stroke="#8a5a32" stroke-width="12" stroke-linecap="round" fill="none"/>` +
        leaf(158, 166, 200, 1, '#2f9e55') +
        leaf(158, 166, -20, 1, '#3bb463') +
        leaf(158, 166, 130, 0.9, '#2f9e55') +
        leaf(158, 166, 50, 0.9, '#3bb463');
    return (
      `<clipPath id="${id}c"><circle cx="200" cy="200" r="150"/></clipPath>` +
      `<g clip-path="url(#${id}c)">${inner}</g>` +
      `<circle cx="200" cy="200" r="150" fill="none" stroke="${p.cream}" stroke-width="16"/>` +
      `<circle cx="200" cy="200" r="166" fill="none" stroke="${p.pop}" stroke-width="4" opacity=".7"/>`
    );
  },

  spa: (p) => {
    const stone = mix(p.dark, '#8a8f88', 0.45);
    let petals = '';
    for (let i = 0; i < 5; i++)
      petals += `<ellipse cx="200" cy="150" rx="17" ry="30" fill="#fff" transform="rotate(${i * 72} 200 178)"/>`;
    return (
      leaf(200, 300, -150, 1.8, '#3c8d5a') +
      leaf(200, 300, -30, 1.6, '#57a86e') +
      `<ellipse cx="200" cy="332" rx="150" ry="16" fill="${p.dark}" opacity=".25"/>` +
      `<ellipse cx="200" cy="300" rx="122" ry="36" fill="${stone}"/>` +
      `<ellipse cx="200" cy="250" rx="92" ry="30" fill="${lighten(stone, 0.15)}"/>` +
      `<ellipse cx="200" cy="210" rx="64" ry="24" fill="${lighten(stone, 0.3)}"/>` +
      `<path d="M110 292c30 10 80 12 110 6M140 244c20 8 50 8 70 4" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity=".3"/>` +
      `<g transform="translate(0 -6)">${petals}<circle cx="200" cy="178" r="12" fill="#ffcf4d"/></g>` +
      `<rect x="300" y="236" width="34" height="70" rx="6" fill="${p.cream}"/><path d="M317 206c12 14 12 26 0 28-12-2-12-14 0-28z" fill="#ffb703"/>`
    );
  },

  lotus: (p) => {
    const petal = (rot: number, fill: string, s = 1) =>
      `<path transform="rotate(${rot} 200 290) translate(200 290) scale(${s}) translate(-200 -290)" d="M200 290C150 250 156 180 200 140C244 180 250 250 200 290z" fill="${fill}"/>`;
    return (
      `<ellipse cx="200" cy="300" rx="170" ry="40" fill="#fff" opacity=".25"/>` +
      `<path d="M60 300a60 20 0 1 0 80-10l-30 6z" fill="#4f9d69"/><path d="M270 316a56 18 0 1 0 76-14l-26 8z" fill="#3f8a5a"/>` +
      petal(-62, lighten(p.pop, 0.3), 0.85) +
      petal(62, lighten(p.pop, 0.3), 0.85) +
      petal(-32, '#f7a8c4') +
      petal(32, '#f7a8c4') +
      petal(0, '#f48fb1', 1.05) +
      `<path d="M200 286c-16-20-16-44 0-60 16 16 16 40 0 60z" fill="#fff" opacity=".35"/>` +
      sparkle(106, 150, 0.9, p.cream) +
      sparkle(306, 120, 1.1, p.cream) +
      sparkle(320, 216, 0.6, p.cream, 0.8)
    );
  },

  bottles: (p) =>
    leaf(90, 330, -60, 1.4, '#57a86e') +
    leaf(96, 330, -100, 1.2, '#3c8d5a') +
    `<rect x="104" y="150" width="88" height="180" rx="20" fill="${p.pop}"/>` +
    `<rect x="128" y="118" width="40" height="36" rx="4" fill="${p.dark}"/><rect x="134" y="66" width="28" height="58" rx="14" fill="${p.dark}"/>` +
    `<rect x="118" y="214" width="60" height="56" rx="8" fill="#fff" opacity=".85"/><path d="M130 232h36M130 248h24" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M116 170v120" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".4"/>` +
    `<rect x="214" y="250" width="124" height="84" rx="18" fill="#fff"/><rect x="208" y="222" width="136" height="36" rx="10" fill="${p.main}"/>` +
    `<path d="M236 286h80" stroke="${p.pop}" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="236" y="104" width="52" height="120" rx="12" fill="${p.cream}" transform="rotate(14 262 164)"/><rect x="244" y="86" width="36" height="24" rx="6" fill="${p.dark}" transform="rotate(14 262 164)"/>` +
    sparkle(330, 110, 1.1, p.cream) +
    sparkle(300, 60, 0.6, p.cream, 0.8),

  dumbbell: (p) =>
    `<rect x="70" y="150" width="260" height="18" rx="9" fill="#cfd5dd"/>` +
    `<rect x="78" y="100" width="36" height="118" rx="10" fill="${p.dark}"/><rect x="114" y="116" width="24" height="86" rx="8" fill="${mix(p.dark, '#777777', 0.3)}"/>` +
    `<rect x="286" y="100" width="36" height="118" rx="10" fill="${p.dark}"/><rect x="262" y="116" width="24" height="86" rx="8" fill="${mix(p.dark, '#777777', 0.3)}"/>` +
    `<path d="M250 268a40 40 0 1 1 80 0" stroke="${p.pop}" stroke-width="18" fill="none"/>` +
    `<path d="M232 296a58 58 0 1 1 116 0c0 22-8 36-18 44h-80c-10-8-18-22-18-44z" fill="${p.pop}"/>` +
    `<path d="M252 290c0-20 12-34 26-38" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none" opacity=".45"/>` +
    `<rect x="90" y="236" width="48" height="108" rx="14" fill="${p.cream}"/><rect x="100" y="220" width="28" height="20" rx="5" fill="${p.main}"/><rect x="90" y="272" width="48" height="30" fill="${p.main}" opacity=".35"/>` +
    sparkle(200, 230, 0.9, p.cream),

  bag: (p) =>
    `<rect x="232" y="50" width="36" height="170" rx="18" fill="#e0a458" transform="rotate(18 250 135)"/>` +
    `<path d="M236 90l20 6M232 120l20 6M228 150l20 6" stroke="#b97a35" stroke-width="5" stroke-linecap="round" transform="rotate(18 250 135)"/>` +
    leaf(120, 168, -70, 1.1, '#3c9a50') +
    leaf(128, 170, -110, 1, '#55b866') +
    `<circle cx="170" cy="162" r="36" fill="#e63946"/><path d="M170 128c2-12 8-18 16-20" stroke="#6b4226" stroke-width="5" fill="none"/>${leaf(172, 128, -30, 0.35, '#3c9a50')}` +
    `<circle cx="226" cy="168" r="32" fill="#f59f3a"/><circle cx="218" cy="158" r="6" fill="#fff" opacity=".4"/>` +
    `<path d="M128 172c0-40 30-54 30-54M272 172c0-40-30-54-30-54" stroke="${darken(p.cream, 0.25)}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M86 172h228l-16 178H102z" fill="${p.cream}"/>` +
    `<path d="M86 172h228l-2 22H88z" fill="${darken(p.cream, 0.08)}"/>` +
    `<circle cx="200" cy="268" r="40" fill="${p.main}"/>${leaf(176, 272, -30, 0.6, p.cream)}` +
    sparkle(336, 110, 1, p.cream),

  giftcard: (p) =>
    `<rect x="66" y="104" width="244" height="152" rx="18" fill="${p.pop}" transform="rotate(-12 188 180)"/>` +
    `<rect x="96" y="160" width="248" height="156" rx="18" fill="#fff"/>` +
    `<rect x="96" y="160" width="248" height="156" rx="18" fill="${p.main}" opacity=".08"/>` +
    `<rect x="272" y="160" width="24" height="156" fill="${p.main}"/>` +
    `<path d="M284 166c-30-40-60-14-30 6zM284 166c30-40 60-14 30 6z" fill="${p.main}" stroke="${darken(p.main, 0.2)}" stroke-width="4"/>` +
    `<rect x="120" y="188" width="44" height="32" rx="6" fill="#f2c14e"/>` +
    `<rect x="120" y="248" width="120" height="12" rx="6" fill="${p.main}" opacity=".35"/><rect x="120" y="272" width="80" height="12" rx="6" fill="${p.main}" opacity=".2"/>` +
    `<ellipse cx="90" cy="332" rx="42" ry="14" fill="#d99a2b"/><ellipse cx="90" cy="322" rx="42" ry="14" fill="#f6cf5a"/>` +
    sparkle(346, 110, 1, p.cream) +
    sparkle(60, 250, 0.7, p.cream, 0.9),

  books: (p) =>
    `<rect x="74" y="290" width="252" height="44" rx="6" fill="${p.pop}"/><rect x="300" y="296" width="20" height="32" fill="${p.cream}"/>` +
    `<rect x="94" y="250" width="222" height="42" rx="6" fill="${lighten(p.main, 0.35)}"/><rect x="292" y="256" width="18" height="30" fill="${p.cream}"/>` +
    `<rect x="84" y="212" width="214" height="40" rx="6" fill="${p.dark}"/><rect x="274" y="218" width="18" height="28" fill="${p.cream}"/>` +
    `<path d="M104 222v20M118 222v20" stroke="${p.pop}" stroke-width="4"/>` +
    `<path d="M200 204c-36-22-72-26-110-18V104c38-8 74-4 110 18z" fill="#fff"/>` +
    `<path d="M200 204c36-22 72-26 110-18V104c-38-8-74-4-110 18z" fill="#f6f1e7"/>` +
    `<path d="M112 128c24-4 48-2 70 8M112 150c24-4 48-2 70 8M218 136c22-10 46-12 70-8M218 158c22-10 46-12 70-8" stroke="${p.main}" stroke-width="4" stroke-linecap="round" fill="none" opacity=".35"/>` +
    `<path d="M246 110v56l12-10 12 10v-60z" fill="${p.pop}"/>` +
    sparkle(340, 84, 1, p.cream) +
    sparkle(66, 150, 0.7, p.cream, 0.9),

  coins: (p) => {
    let s = '';
    for (let i = 0; i < 5; i++) {
      const y = 310 - i * 20;
      s += `<path d="M70 ${y}v12a64 18 0 0 0 128 0v-12z" fill="#d19a2a"/><ellipse cx="134" cy="${y}" rx="64" ry="18" fill="#f6cf5a"/>`;
    }
    return (
      s +
      `<circle cx="262" cy="190" r="96" fill="#e9ad2f"/><circle cx="262" cy="190" r="80" fill="#f6cf5a"/>` +
      `<path d="${starPath(262, 192, 44, 19)}" fill="#e9ad2f"/>` +
      `<path d="M206 138c14-18 34-28 54-30" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none" opacity=".5"/>` +
      sparkle(352, 80, 1.2, p.cream) +
      sparkle(80, 140, 0.8, p.cream, 0.9) +
      sparkle(360, 300, 0.6, p.cream, 0.8)
    );
  },
};

/* ------------------------------------------------------------------ choosing a motif */

const CATEGORY_MOTIFS: Record<string, string[]> = {
  cafe: ['cup', 'iced', 'cake'],
  dining: ['bowl', 'hotpot', 'plate'],
  entertainment: ['tickets', 'film', 'clapper'],
  travel: ['plane', 'scene', 'suitcase'],
  'beauty-wellness': ['spa', 'lotus', 'bottles'],
  shopping: ['bag', 'giftcard', 'books'],
};

const KEYWORD_MOTIFS: [RegExp, string[]][] = [
  [/flight|fly|baggage|lounge|boarding|legroom|airport/, ['plane', 'suitcase', 'scene']],
  [/croissant/, ['croissant', 'cup']],
  [/cake|cookie|bun\b|bakery|pastry/, ['cake', 'cup', 'croissant']],
  [/iced|cold brew/, ['iced', 'cup']],
  [/coffee|latte|barista|espresso|upsize/, ['cup', 'iced', 'cake']],
  [/buffet|shabu|hot pot|mookata|tom yum/, ['hotpot', 'plate', 'bowl']],
  [/noodle|khao soi|lunch|feast/, ['bowl', 'hotpot', 'plate']],
  [/chef|brunch|mango|dinner/, ['plate', 'bowl', 'hotpot']],
  [/karaoke/, ['mic', 'tickets']],
  [/bowling/, ['bowling', 'tickets']],
  [/popcorn|premiere|screen|film|movie/, ['film', 'clapper', 'tickets']],
  [/night|staycation|check-out|room|resort/, ['scene', 'suitcase', 'plane']],
  [/massage|spa\b|foot|unwind/, ['spa', 'lotus', 'bottles']],
  [/skin|facial|beauty|makeover|sample|feel-good/, ['bottles', 'lotus', 'spa']],
  [/yoga/, ['lotus', 'dumbbell']],
  [/gym|fitness|training|towel|body/, ['dumbbell', 'lotus', 'bottles']],
  [/book|novel|author/, ['books', 'giftcard']],
  [/point|baht counts/, ['coins', 'giftcard']],
  [/gift card|gift voucher|shopping voucher/, ['giftcard', 'bag', 'coins']],
  [/fruit|rice|grocer|tote/, ['bag', 'giftcard']],
];

function matchMotifs(text: string): string[] | null {
  const t = text.toLowerCase();
  for (const [re, list] of KEYWORD_MOTIFS) if (re.test(t)) return list;
  return null;
}

function motifList(text: string, categorySlug?: string, key = ''): string[] {
  const hit = matchMotifs(text);
  if (hit) return hit;
  const base = CATEGORY_MOTIFS[categorySlug ?? ''] ?? ['giftcard', 'coins', 'bag'];
  const k = hash(key) % base.length;
  return [...base.slice(k), ...base.slice(0, k)];
}

/* ------------------------------------------------------------------ compositions */

function sprinkles(seed: number, w: number, h: number, n: number, avoid: [number, number, number], xMin = 0) {
  const rnd = rng(seed);
  let s = '';
  for (let i = 0, tries = 0; i < n && tries < 60; tries++) {
    const x = xMin + 30 + rnd() * (w - xMin - 60);
    const y = 30 + rnd() * (h - 60);
    if (Math.hypot(x - avoid[0], y - avoid[1]) < avoid[2]) continue;
    const kind = i % 3;
    const op = (0.25 + rnd() * 0.35).toFixed(2);
    if (kind === 0)
      s += `<circle cx="${r0(x)}" cy="${r0(y)}" r="${r0(4 + rnd() * 7)}" fill="#fff" opacity="${op}"/>`;
    else if (kind === 1) s += sparkle(x, y, 0.5 + rnd() * 0.6, '#fff', Number(op));
    else
      s += `<circle cx="${r0(x)}" cy="${r0(y)}" r="${r0(6 + rnd() * 8)}" fill="none" stroke="#fff" stroke-width="3" opacity="${op}"/>`;
    i++;
  }
  return s;
}

function dots(x0: number, y0: number, cols: number, rows: number, gap: number, op: number) {
  let d = '';
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) d += `M${x0 + c * gap} ${y0 + r * gap}h.1`;
  return `<path d="${d}" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="${op}"/>`;
}

interface Scene {
  w: number;
  h: number;
  pal: Pal;
  motif: string;
  variant: number;
  layout: number;
  /** Background mood (0 bright, 1 warm, 2 deep). */
  bg: number;
  seed: number;
  id: string;
  /** Darker, more "premium" treatment for privileges. */
  premium?: boolean;
}

function compose(s: Scene) {
  const { w, h, pal: p, id } = s;
  // Three background moods per brand: bright brand, warm brand→accent, deep brand.
  const mood = s.premium ? 3 : s.bg % 3;
  const [top, bottom] = [
    [lighten(p.main, 0.28), darken(p.main, 0.12)],
    [lighten(mix(p.main, p.pop, 0.35), 0.12), darken(p.main, 0.08)],
    [lighten(p.main, 0.08), darken(p.main, 0.38)],
    [darken(p.main, 0.05), darken(p.main, 0.5)],
  ][mood]!;
  const angle = [
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '1', '1', '0'],
  ][s.layout % 3]!;
  // Motif box (400×400) placement per layout, for 800×600.
  const place = [
    { x: 200, y: 95, k: 1.02 },
    { x: 350, y: 105, k: 1.0 },
    { x: 70, y: 100, k: 1.0 },
  ][s.layout % 3]!;
  const cx = place.x + 200 * place.k;
  const cy = place.y + 200 * place.k;

  let deco = '';
  if (s.layout % 3 === 0) {
    deco += `<circle cx="${cx}" cy="${cy}" r="250" fill="url(#${id}g)"/>`;
    deco += `<circle cx="${cx}" cy="${cy}" r="205" fill="${p.pop}" opacity=".22"/>`;
    deco += dots(60, 60, 5, 4, 28, 0.25);
    deco += `<circle cx="730" cy="560" r="120" fill="none" stroke="#fff" stroke-width="26" opacity=".1"/>`;
  } else if (s.layout % 3 === 1) {
    deco += `<path d="M0 420L520 0h150L0 540z" fill="#fff" opacity=".08"/>`;
    deco += `<circle cx="${cx}" cy="${cy}" r="215" fill="${p.pop}" opacity=".25"/>`;
    deco += `<circle cx="${cx}" cy="${cy}" r="260" fill="none" stroke="#fff" stroke-width="2" opacity=".25"/>`;
    deco += `<circle cx="120" cy="470" r="70" fill="none" stroke="#fff" stroke-width="18" opacity=".14"/>`;
    deco += dots(80, 80, 4, 3, 28, 0.22);
  } else {
    deco += `<circle cx="800" cy="300" r="260" fill="${p.pop}" opacity=".2"/>`;
    deco += `<circle cx="${cx}" cy="${cy}" r="215" fill="url(#${id}g)"/>`;
    deco += `<path d="M560 80h180M600 110h140" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".18"/>`;
    deco += dots(620, 440, 5, 3, 28, 0.22);
  }
  if (s.premium) {
    deco += `<circle cx="${cx}" cy="${cy}" r="232" fill="none" stroke="${p.pop}" stroke-width="3" stroke-dasharray="3 12" stroke-linecap="round" opacity=".8"/>`;
  }

  const ground = `<ellipse cx="${cx}" cy="${r0(place.y + 372 * place.k)}" rx="${r0(170 * place.k)}" ry="22" fill="${p.dark}" opacity=".22"/>`;
  const art = motifs[s.motif]!(p, id, s.variant);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="${id}b" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="${id}g"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}b)"/>` +
    deco +
    sprinkles(s.seed, w, h, 9, [cx, cy, 230]) +
    ground +
    `<g transform="translate(${place.x} ${place.y}) scale(${place.k})">${art}</g>` +
    (s.premium ? premiumBadge(p) : '') +
    `</svg>`
  );
}

/** Small crown-and-star mark in the top-right corner of privilege images. */
function premiumBadge(p: Pal) {
  return (
    `<g transform="translate(716 84)"><circle r="46" fill="${p.pop}"/><circle r="38" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>` +
    `<path d="M-22 10l-4-26 14 12 12-20 12 20 14-12-4 26z" fill="#fff"/><rect x="-22" y="14" width="44" height="8" rx="3" fill="#fff"/></g>`
  );
}

/* ------------------------------------------------------------------ public API */

/** Icon keys usable in DemoCategory.icon. */
export const ICON_KEYS = ['cup', 'plate', 'ticket', 'plane', 'leaf', 'bag'];

const SLUG_TO_ICON: Record<string, string> = {
  cafe: 'cup',
  dining: 'plate',
  entertainment: 'ticket',
  travel: 'plane',
  'beauty-wellness': 'leaf',
  shopping: 'bag',
};

const ICON_COLOR: Record<string, string> = {
  cup: '#8a5a3b',
  plate: '#d1495b',
  ticket: '#6a4c93',
  plane: '#1d7fc1',
  leaf: '#2f9e6b',
  bag: '#e07a1f',
};

const ICON_PATHS: Record<string, string> = {
  cup: 'M20 38h44v18c0 12-10 22-22 22s-22-10-22-22zM64 44h6a8 8 0 0 1 0 16h-7M16 84h60M34 18c-4 5 4 9 0 14M46 14c-4 5 4 9 0 14',
  plate:
    'M48 76a26 26 0 1 0 0-52 26 26 0 1 0 0 52zM48 62a12 12 0 1 0 0-24 12 12 0 1 0 0 24zM12 22v20c0 4 3 6 5 6v32M8 22v14M16 22v14M84 80V22c-8 4-11 18-8 34h8',
  ticket:
    'M12 28h72v13a7 7 0 0 0 0 14v13H12V55a7 7 0 0 0 0-14zM62 30v8M62 46v4M62 58v8M36 38l3 7 8 1-6 5 2 8-7-4-7 4 2-8-6-5 8-1z',
  plane: 'M46 14c3-3 8-1 8 3v22l28 16v8l-28-8v14l9 7v6l-13-4-13 4v-6l9-7V55l-28 8v-8l28-16V17c0-1 0-2 0-3',
  leaf: 'M48 20c12 12 14 32 0 50-14-18-12-38 0-50zM48 70c-8-14-20-24-34-24 0 16 14 26 34 24zM48 70c8-14 20-24 34-24 0 16-14 26-34 24zM22 80h52',
  bag: 'M18 34h60l-5 48H23zM34 34v-6a14 14 0 0 1 28 0v6M34 46v2M62 46v2',
};

/**
 * 96×96 line icon. Accepts a category's icon key (cup, plate, ticket, plane, leaf, bag)
 * or one of the demo category slugs.
 */
export function categoryIcon(iconOrSlug: string): string {
  const key = ICON_PATHS[iconOrSlug] ? iconOrSlug : (SLUG_TO_ICON[iconOrSlug] ?? 'bag');
  const c = ICON_COLOR[key]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="46" fill="${lighten(c, 0.88)}"/>` +
    `<path d="${ICON_PATHS[key]}" fill="none" stroke="${c}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`
  );
}

function initials(name: string) {
  const words = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(and|the|of)$/i.test(w));
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase();
}

/** 256×256 logo: brand-coloured rounded square, accent emblem and a two-letter monogram. */
export function merchantLogo(m: DemoMerchant): string {
  const p = palette(m.brandColor, m.accentColor);
  const id = idOf('logo' + m.key);
  const shape = hash('badge' + m.key) % 6;
  // Logos use the accent as-is (a dark accent makes a strong emblem on a bright brand colour).
  const em = m.accentColor;
  const emblem = [
    `<circle cx="128" cy="128" r="86" fill="${em}"/>`,
    `<rect x="52" y="52" width="152" height="152" rx="34" fill="${em}" transform="rotate(45 128 128)"/>`,
    `<path d="M40 204V128a88 88 0 0 1 176 0v76z" fill="${em}"/>`,
    `<path d="${starPath(128, 134, 104, 78)}" fill="${em}" stroke="${em}" stroke-width="18" stroke-linejoin="round"/>`,
    `<path d="M128 36l80 46v92l-80 46-80-46V82z" fill="${em}" stroke="${em}" stroke-width="14" stroke-linejoin="round"/>`,
    `<circle cx="128" cy="128" r="92" fill="none" stroke="${em}" stroke-width="10"/><circle cx="128" cy="128" r="76" fill="${em}"/>`,
  ][shape];
  const ink = luma(em) > 0.55 ? p.dark : '#ffffff';
  const text = initials(m.name.en);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(p.main, 0.15)}"/><stop offset="1" stop-color="${darken(p.main, 0.15)}"/></linearGradient></defs>` +
    `<rect width="256" height="256" rx="56" fill="url(#${id})"/>` +
    `<circle cx="210" cy="44" r="70" fill="#fff" opacity=".08"/>` +
    emblem +
    `<text x="128" y="128" dy=".35em" text-anchor="middle" font-family="Noto Sans Thai, sans-serif" font-weight="700" font-size="${text.length > 1 ? 62 : 84}" letter-spacing="-1" fill="${ink}">${text}</text>` +
    `</svg>`
  );
}

/** 800×600 voucher artwork; `index` (0-based) varies motif and layout between a voucher's images. */
export function voucherImage(v: DemoVoucher, merchant: DemoMerchant, index = 0): string {
  const list = motifList(v.title.en, v.categorySlug, v.key);
  const h = hash(v.key);
  return compose({
    w: 800,
    h: 600,
    pal: palette(merchant.brandColor, merchant.accentColor),
    motif: list[index % list.length]!,
    variant: h + index,
    layout: (h + index) % 3,
    bg: (h >>> 5) + index,
    seed: h + index * 7919,
    id: idOf(v.key + index),
  });
}

/** 800×600 privilege artwork: deeper gradient, dotted ring and a crown badge. */
export function privilegeImage(pv: DemoPrivilege, merchant: DemoMerchant, index = 0): string {
  const list = motifList(pv.title.en, pv.categorySlug, pv.key);
  const h = hash(pv.key);
  return compose({
    w: 800,
    h: 600,
    pal: palette(merchant.brandColor, merchant.accentColor),
    motif: list[index % list.length]!,
    variant: h + index,
    layout: (h + index) % 2 === 0 ? 0 : 2,
    bg: 3,
    seed: h + index * 7919,
    id: idOf('pv' + pv.key + index),
    premium: true,
  });
}

const BANNER_THEMES: Record<string, [string, string]> = {
  cup: ['#6b4226', '#f2b661'],
  hotpot: ['#b3202a', '#ffc845'],
  plane: ['#0a6fb0', '#90e0ef'],
  scene: ['#0a6fb0', '#90e0ef'],
  spa: ['#1b4332', '#d4a373'],
  lotus: ['#1b4332', '#f4a3c0'],
  bottles: ['#b02a67', '#ffd6e8'],
  coins: ['#3b1f74', '#ffc845'],
  bag: ['#2a9d4b', '#ffd23f'],
};

/**
 * 1200×500 banner. The left 55% stays calm (gradient and faint shapes only) for the title the
 * app overlays; the illustration sits on the right.
 */
export function bannerImage(b: DemoBanner, colors?: { main: string; accent: string }): string {
  // The title decides the illustration; the subtitle only when the title says nothing.
  const motif = (matchMotifs(`${b.title.en} ${b.key}`) ?? motifList(b.subtitle.en, undefined, b.key))[0]!;
  const [main, accent] = colors
    ? [colors.main, colors.accent]
    : (BANNER_THEMES[motif] ?? ['#3b1f74', '#ffc845']);
  const p = palette(main, accent);
  const id = idOf('bn' + b.key);
  const cx = 900;
  const cy = 250;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">` +
    `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${darken(p.main, 0.25)}"/><stop offset=".55" stop-color="${p.main}"/><stop offset="1" stop-color="${lighten(p.main, 0.25)}"/></linearGradient>` +
    `<radialGradient id="${id}g"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="1200" height="500" fill="url(#${id}b)"/>` +
    `<circle cx="80" cy="520" r="220" fill="#fff" opacity=".05"/><circle cx="420" cy="-60" r="180" fill="#fff" opacity=".04"/>` +
    `<circle cx="${cx}" cy="${cy}" r="300" fill="url(#${id}g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="215" fill="${p.pop}" opacity=".25"/>` +
    `<circle cx="${cx}" cy="${cy}" r="250" fill="none" stroke="#fff" stroke-width="2" opacity=".3"/>` +
    dots(1090, 40, 3, 3, 26, 0.25) +
    sprinkles(hash(b.key), 1200, 500, 7, [cx, cy, 240], 680) +
    `<ellipse cx="${cx}" cy="${cy + 178}" rx="165" ry="20" fill="${p.dark}" opacity=".25"/>` +
    `<g transform="translate(${cx - 190} ${cy - 190}) scale(.95)">${motifs[motif]!(p, id, hash(b.key))}</g>` +
    `</svg>`
  );
}
