import { useMemo } from 'react';
import { barsOf, code128Modules, QUIET_ZONE } from './code128.ts';

const HEIGHT = 60;

/**
 * A Code 128 barcode drawn as SVG: one rectangle per bar, sharp at any size and present in the first
 * render (nothing drawn later on a canvas). Nothing is drawn for text Code 128 cannot carry.
 */
export function Barcode({ value, label, className }: { value: string; label: string; className?: string }) {
  const modules = useMemo(() => code128Modules(value), [value]);
  if (!modules) return null;
  const width = modules.length + 2 * QUIET_ZONE;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      data-testid="barcode"
    >
      <rect width={width} height={HEIGHT} fill="#fff" />
      {barsOf(modules).map(([x, w]) => (
        <rect key={x} x={x + QUIET_ZONE} width={w} height={HEIGHT} fill="#000" />
      ))}
    </svg>
  );
}
