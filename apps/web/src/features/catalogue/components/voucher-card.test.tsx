import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n.ts';
import { aVoucher } from '../test-data.ts';
import { VoucherCard } from './voucher-card.tsx';

const NOW = new Date('2025-03-10T05:00:00Z').getTime(); // 12:00 in Bangkok

const renderCard = (voucher = aVoucher()) =>
  render(
    <MemoryRouter>
      <VoucherCard voucher={voucher} now={NOW} />
    </MemoryRouter>,
  );

afterEach(() => applyLanguage('en'));

describe('VoucherCard: price, bought count, tier and status', () => {
  it('shows picture, merchant, title, price, points and bought count, and links to the detail', () => {
    renderCard();
    const link = screen.getByTestId('voucher-card');
    expect(link.getAttribute('href')).toBe('/vouchers/v1');
    expect(screen.getByText('Sen Saep Kitchen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shabu Buffet, 90 Minutes' })).toBeTruthy();
    expect(screen.getByTestId('voucher-price').textContent).toBe('฿199');
    expect(screen.getByText('Earn 7 points')).toBeTruthy();
    expect(screen.getByText('877 bought')).toBeTruthy();
    const img = link.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('alt')).toBe('');
    expect((img?.parentElement as HTMLElement).style.aspectRatio).toBe('4 / 3');
  });

  it("'Free' and 'From' prices; no '0 bought' or '0 points'", () => {
    const free = renderCard(aVoucher({ price: 0, pointsEarned: 0, boughtCount: 0 }));
    expect(screen.getByTestId('voucher-price').textContent).toBe('Free');
    expect(screen.queryByText(/bought/)).toBeNull();
    expect(screen.queryByText(/Earn/)).toBeNull();
    free.unmount();
    renderCard(aVoucher({ price: 590, hasPriceOptions: true }));
    expect(screen.getByTestId('voucher-price').textContent).toBe('From ฿590');
  });

  it('shows the tier and the status label', () => {
    renderCard(aVoucher({ tier: 'gold', saleEndsAt: '2025-03-10T16:59:59Z' }));
    expect(screen.getByText(/Gold\+/)).toBeTruthy();
    expect(screen.getByTestId('status-label').textContent).toBe('Expires today');
  });

  it("the top tier is shown by name, and 'Sold out' replaces the date status", () => {
    renderCard(
      aVoucher({ tier: 'platinum', unavailableReason: 'sold_out', saleEndsAt: '2025-03-12T00:00:00Z' }),
    );
    expect(screen.getByText(/Platinum/).textContent).not.toContain('+');
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.queryByTestId('status-label')).toBeNull();
  });

  it('in Thai: Thai texts, Thai link, same numbers', () => {
    applyLanguage('th');
    renderCard(
      aVoucher({ price: 1250, hasPriceOptions: true, saleStartsAt: '2025-03-12T03:00:00Z', tier: 'silver' }),
    );
    expect(screen.getByTestId('voucher-card').getAttribute('href')).toBe('/th/vouchers/v1');
    expect(screen.getByTestId('voucher-price').textContent).toBe('เริ่มต้น ฿1,250');
    expect(screen.getByText('รับ 7 พอยท์')).toBeTruthy();
    expect(screen.getByText('ซื้อแล้ว 877')).toBeTruthy();
    expect(screen.getByTestId('status-label').textContent).toBe('เริ่มในอีก 2 วัน');
    expect(screen.getByText(/ซิลเวอร์ ขึ้นไป/)).toBeTruthy();
  });
});
