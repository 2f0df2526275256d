import { Fragment } from 'react';
import styles from './phrases.module.css';

const THAI = /[\u0E00-\u0E7F]/;

/**
 * Text whose lines break between Thai phrases. Thai puts no spaces between words, and the browser's
 * dictionary splits some words in two ("ทุกขนาด" → "ทุกข" + "นาด"), so a title could wrap in the middle
 * of a word. A space in Thai separates phrases: each Thai phrase is kept whole and moves to the next
 * line when it does not fit; one wider than the whole line still wraps inside. Latin text is left to
 * the browser, which breaks it at spaces anyway.
 */
export function Phrases({ text }: { text: string }) {
  if (!THAI.test(text)) return text;
  return text.split(/(\s+)/).map((part, i) =>
    THAI.test(part) ? (
      <span key={i} className={styles.phrase}>
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
