import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { PurchaseLimits } from './purchase-limits.tsx';

const lines = (limitPerOrder: number | null, limitPerMember: number | null) =>
  [
    ...render(
      <ul>
        <PurchaseLimits limitPerOrder={limitPerOrder} limitPerMember={limitPerMember} />
      </ul>,
    ).container.querySelectorAll('li'),
  ].map((li) => li.textContent);

afterEach(() => applyLanguage('en'));

describe('a voucher’s limits per member', () => {
  it('says how many one member may buy, in one order and in all', () => {
    applyLanguage('en');
    expect(lines(1, 2)).toEqual(['Up to 1 per order', 'Limit 2 per member']);
    // A per-order limit as large as the member's total adds nothing.
    expect(lines(2, 2)).toEqual(['Limit 2 per member']);
    expect(lines(3, null)).toEqual(['Up to 3 per order']);
    expect(lines(null, null)).toEqual([]);
  });

  it('in Thai', () => {
    applyLanguage('th');
    expect(lines(1, 2)).toEqual(['ซื้อได้ครั้งละไม่เกิน 1 ชิ้น', 'จำกัด 2 ชิ้นต่อสมาชิก']);
  });
});
