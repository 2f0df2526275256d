import { QRCodeSVG } from 'qrcode.react';

/** A QR code drawn as SVG (error correction level M), an image with a label for screen readers. */
export function QrCode({
  value,
  label,
  size,
  quietZone,
  className,
}: {
  value: string;
  label: string;
  /** Width and height in CSS px. */
  size: number;
  /** The white margin around it, in modules. */
  quietZone: number;
  className?: string;
}) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level="M"
      marginSize={quietZone}
      className={className}
      role="img"
      aria-label={label}
      data-testid="qr-code"
    />
  );
}
