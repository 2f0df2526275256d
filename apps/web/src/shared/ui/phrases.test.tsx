import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Phrases } from './phrases.tsx';

/** The parts a line may not break inside, exactly as the member reads and copies them. */
const unbreakable = (text: string) =>
  [...render(<p>{<Phrases text={text} />}</p>).container.querySelectorAll('span')].map((s) => s.textContent);

describe('Phrases', () => {
  it('keeps each Thai phrase whole', () => {
    expect(unbreakable('ใช้ได้ทุกสาขา ตลอดเดือน')).toEqual(['ใช้ได้ทุกสาขา', 'ตลอดเดือน']);
  });

  it('keeps a number with the Thai word after it: "1 แก้ว" never breaks after the 1', () => {
    expect(unbreakable('กาแฟลาเต้เย็น 1 แก้ว ทุกขนาด')).toEqual(['กาแฟลาเต้เย็น', '1 แก้ว', 'ทุกขนาด']);
    expect(unbreakable('ดื่มได้วันละ 1 แก้ว นาน 3 เดือน')).toEqual(['ดื่มได้วันละ', '1 แก้ว', 'นาน', '3 เดือน']);
    expect(unbreakable('ลด ฿1,000 เมื่อซื้อครบ')).toEqual(['ลด', '฿1,000 เมื่อซื้อครบ']);
  });

  it('gives the text back with its own spaces (a page title or a search matches it)', () => {
    const text = 'โบว์ลิ่ง 2 เกม ทุกสาขา';
    expect(render(<p>{<Phrases text={text} />}</p>).container.textContent).toBe(text);
  });

  it('leaves Latin text to the browser', () => {
    expect(unbreakable('Iced Latte, 1 cup')).toEqual([]);
  });
});
