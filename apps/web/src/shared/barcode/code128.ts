// jsbarcode's Code 128 encoder alone: its main entry draws on a canvas or the DOM, which we do not need.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';

/** Quiet zone each side, in modules: scanners need ten clear modules to find where the code starts. */
export const QUIET_ZONE = 10;

/**
 * The Code 128 modules of `text` ('1' = bar, '0' = space), start and check characters included, with
 * the shortest mix of code sets (jsbarcode's automatic choice); null when the text has characters
 * Code 128 cannot carry (outside ASCII).
 */
export function code128Modules(text: string): string | null {
  if (text === '') return null;
  const barcode = new CODE128(text, {});
  return barcode.valid() ? barcode.encode().data : null;
}

/** Runs of bars as [start, width] in modules, so the SVG draws one rectangle per bar. */
export function barsOf(modules: string): [number, number][] {
  const bars: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= modules.length; i++) {
    const bar = modules[i] === '1';
    if (bar && start < 0) start = i;
    if (!bar && start >= 0) {
      bars.push([start, i - start]);
      start = -1;
    }
  }
  return bars;
}
