import { useState } from 'react';
import styles from './media-box.module.css';

/**
 * An image in a box of fixed aspect ratio: the box holds its place before the picture arrives (nothing
 * below it shifts), the picture loads lazily unless it is the first thing on screen, and a picture that
 * fails to load leaves a tidy tinted box rather than a broken-image icon.
 */
export function MediaBox(props: {
  src: string;
  alt: string;
  /** CSS aspect-ratio, e.g. "4 / 3". */
  ratio: string;
  eager?: boolean;
  className?: string;
  /** Intrinsic size, so the browser can pick the decode size early. */
  width?: number;
  height?: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={`${styles.box}${props.className ? ` ${props.className}` : ''}`}
      style={{ aspectRatio: props.ratio }}
    >
      {!failed && (
        <img
          src={props.src}
          alt={props.alt}
          width={props.width}
          height={props.height}
          loading={props.eager ? 'eager' : 'lazy'}
          // The first picture on screen paints with the page's first frame; others need not hold a frame.
          decoding={props.eager ? 'auto' : 'async'}
          // The server's markup carries it; the server also preloads such a picture from the page's head.
          fetchPriority={props.eager ? 'high' : undefined}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
