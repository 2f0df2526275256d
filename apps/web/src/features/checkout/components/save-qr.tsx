import { DownloadOutlined } from '@ant-design/icons';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../shared/ui/button.module.css';
import styles from '../checkout.module.css';

/** What is written under the QR in the saved picture, already in the member's language. */
export type QrCaption = { heading: string; amount: string; lines: string[] };

const QR_SIZE = 560;
const WIDTH = 720;
const PAD = 80;

/**
 * Draws the PromptPay picture a banking app reads from the phone's photos: the QR on white with its
 * heading above and the amount, payee and order below (so the member knows later what it pays). Null
 * where the browser cannot draw.
 */
function drawQrImage(qr: HTMLCanvasElement, caption: QrCaption, font: string): HTMLCanvasElement | null {
  const lineHeight = 44;
  const height = PAD + 56 + 24 + QR_SIZE + 32 + 72 + caption.lines.length * lineHeight + PAD;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  let y = PAD;
  ctx.fillStyle = '#113566';
  ctx.font = `700 40px ${font}`;
  ctx.fillText(caption.heading, WIDTH / 2, y, WIDTH - 2 * PAD);
  y += 56 + 24;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, (WIDTH - QR_SIZE) / 2, y, QR_SIZE, QR_SIZE);
  y += QR_SIZE + 32;
  ctx.fillStyle = '#14213d';
  ctx.font = `700 60px ${font}`;
  ctx.fillText(caption.amount, WIDTH / 2, y, WIDTH - 2 * PAD);
  y += 72;
  ctx.fillStyle = '#4a5568';
  ctx.font = `400 30px ${font}`;
  for (const line of caption.lines) {
    ctx.fillText(line, WIDTH / 2, y, WIDTH - 2 * PAD);
    y += lineHeight;
  }
  return canvas;
}

const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));

/**
 * "Save QR": a PNG of the payment's QR made here in the browser, for a banking app on the same phone
 * (which scans from the photo library). Where the phone can share files (iOS, Android) the share sheet
 * opens, whose "Save image" puts it in the photos; elsewhere the link downloads it. The link is a real
 * <a download> on a blob URL either way, so it also works when sharing is refused.
 */
export function SaveQr({
  payload,
  caption,
  fileName,
}: {
  payload: string;
  caption: QrCaption;
  fileName: string;
}) {
  const { t } = useTranslation();
  const qrRef = useRef<HTMLCanvasElement>(null);
  const [picture, setPicture] = useState<{ url: string; file: File } | null>(null);
  const captionKey = JSON.stringify(caption);

  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    const make = async () => {
      // The caption uses the page's font (Thai included): drawn once it has loaded.
      await document.fonts?.ready;
      const qr = qrRef.current;
      if (!qr || cancelled) return;
      const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
      const canvas = drawQrImage(qr, JSON.parse(captionKey) as QrCaption, font);
      const blob = canvas ? await toBlob(canvas) : null;
      if (!blob || cancelled) return;
      url = URL.createObjectURL(blob);
      setPicture({ url, file: new File([blob], fileName, { type: 'image/png' }) });
    };
    void make();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [payload, captionKey, fileName]);

  const share = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!picture) return;
    const data = { files: [picture.file], title: caption.heading };
    if (typeof navigator.canShare !== 'function' || !navigator.canShare(data)) return; // the download
    event.preventDefault();
    navigator.share(data).catch((error: unknown) => {
      // Closing the sheet is a choice; any other refusal falls back to the download.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const link = document.createElement('a');
      link.href = picture.url;
      link.download = fileName;
      link.click();
    });
  };

  return (
    <>
      <QRCodeCanvas
        ref={qrRef}
        value={payload}
        size={QR_SIZE}
        level="M"
        marginSize={4}
        className={styles.qrSource}
        aria-hidden
      />
      <a
        href={picture?.url}
        download={fileName}
        onClick={share}
        aria-disabled={picture ? undefined : true}
        className={`${button.button} ${button.primary} ${styles.payBarButton}`}
        data-testid="order-save-qr"
      >
        <DownloadOutlined aria-hidden />
        {t('checkout.order.waiting.saveQr')}
      </a>
    </>
  );
}
