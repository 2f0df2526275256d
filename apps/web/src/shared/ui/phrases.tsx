import { Fragment } from 'react';
import styles from './phrases.module.css';

const THAI = /[\u0E00-\u0E7F]/;
/**
 * A number before a Thai word is one phrase with it: "1 แก้ว", "3 เดือน", "฿65 ต่อแก้ว" do not break
 * after the number. The space is held by a private-use mark while the text is split into phrases and
 * given back after, so the text reads, copies and searches with its ordinary space (a no-break space
 * would not match the same words in a page title or a search).
 */
const NUMBER_THEN_THAI = /(^|[ \t\n])(฿?\d[\d,.]*%?) +(?=[\u0E00-\u0E7F])/g;
const HELD_SPACE = '\uE000';

/**
 * Text whose lines break between Thai phrases. Thai puts no spaces between words, and the browser's
 * dictionary splits some words in two ("ทุกขนาด" → "ทุกข" + "นาด"), so a title could wrap in the middle
 * of a word. A space in Thai separates phrases: each Thai phrase is kept whole and moves to the next
 * line when it does not fit; one wider than the whole line still wraps inside. Latin text is left to
 * the browser, which breaks it at spaces anyway. A number stays with the Thai word after it.
 */
export function Phrases({ text }: { text: string }) {
  if (!THAI.test(text)) return text;
  const glued = text.replace(NUMBER_THEN_THAI, `$1$2${HELD_SPACE}`);
  return glued.split(/([ \t\n]+)/).map((part, i) =>
    THAI.test(part) ? (
      <span key={i} className={styles.phrase}>
        {part.replaceAll(HELD_SPACE, ' ')}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
