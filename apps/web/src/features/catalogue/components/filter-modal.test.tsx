import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTER, SORTS, type ListFilter } from '../lib/list-filter.ts';
import { FilterModal } from './filter-modal.tsx';

const open = (filter: ListFilter = { ...DEFAULT_FILTER, category: 'cafe' }) => {
  const onApply = vi.fn();
  render(<FilterModal open filter={filter} kind="voucher" onClose={() => undefined} onApply={onApply} />);
  return onApply;
};

describe('FilterModal: four sorts, a price range, Reset and Apply', () => {
  it('offers the four sorts and applies sort and price range, keeping the category', async () => {
    const user = userEvent.setup();
    const onApply = open();
    for (const label of ['Newest', 'Oldest', 'Price low to high', 'Price high to low']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByTestId('sort-priceDesc') as HTMLInputElement).type).toBe('radio');
    await user.click(screen.getByLabelText('Price high to low'));
    await user.type(screen.getByTestId('filter-min'), '100');
    await user.type(screen.getByTestId('filter-max'), '1000');
    await user.click(screen.getByTestId('filter-apply'));
    expect(onApply).toHaveBeenCalledWith({
      ...SORTS.priceDesc,
      category: 'cafe',
      minPrice: 100,
      maxPrice: 1000,
    });
  });

  it('refuses a minimum above the maximum and says why', async () => {
    const user = userEvent.setup();
    const onApply = open();
    await user.type(screen.getByTestId('filter-min'), '500');
    await user.type(screen.getByTestId('filter-max'), '100');
    await user.click(screen.getByTestId('filter-apply'));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByTestId('filter-error').textContent).toBe(
      'The minimum must not be more than the maximum.',
    );
    expect(screen.getByTestId('filter-max').getAttribute('aria-invalid')).toBe('true');
  });

  it('Reset clears the fields back to Newest and no prices', async () => {
    const user = userEvent.setup();
    const onApply = open({ ...SORTS.priceAsc, minPrice: 50, maxPrice: 80 });
    expect((screen.getByTestId('filter-min') as HTMLInputElement).value).toBe('50');
    await user.click(screen.getByTestId('filter-reset'));
    expect((screen.getByTestId('filter-min') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByTestId('filter-apply'));
    expect(onApply).toHaveBeenCalledWith(DEFAULT_FILTER);
  });
});
