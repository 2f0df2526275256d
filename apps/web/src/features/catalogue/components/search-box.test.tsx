import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecentSearches } from '../store/recent-searches.ts';
import { SearchBox } from './search-box.tsx';

beforeEach(() => useRecentSearches.setState({ searches: [] }));

describe('home SearchBox', () => {
  it('searches, remembers the term and offers it again, newest first', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} onClear={() => undefined} />);
    const input = screen.getByTestId('search-input');
    await user.type(input, 'latte{Enter}');
    await user.clear(input);
    await user.type(input, 'ชาบู{Enter}');
    expect(onSearch.mock.calls).toEqual([['latte'], ['ชาบู']]);
    await user.clear(input);
    await user.click(input);
    const recent = screen.getByTestId('recent-searches');
    expect(
      within(recent)
        .getAllByTestId('recent-term')
        .map((b) => b.textContent),
    ).toEqual(['ชาบู', 'latte']);
    await user.click(within(recent).getByText('latte'));
    expect(onSearch).toHaveBeenLastCalledWith('latte');
    expect(useRecentSearches.getState().searches).toEqual(['latte', 'ชาบู']);
  });

  it('emptying the field ends the search shown, as the clear button does', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(<SearchBox value="zzqxv" onSearch={() => undefined} onClear={onClear} />);
    const input = screen.getByTestId('search-input');
    await user.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(onClear).not.toHaveBeenCalled();
    await user.clear(input);
    expect(onClear).toHaveBeenCalledOnce();
  });

  it("'Clear history' empties the list", async () => {
    const user = userEvent.setup();
    useRecentSearches.setState({ searches: ['spa', 'shabu'] });
    render(<SearchBox value="" onSearch={() => undefined} onClear={() => undefined} />);
    await user.click(screen.getByTestId('search-input'));
    await user.click(screen.getByTestId('clear-history'));
    expect(useRecentSearches.getState().searches).toEqual([]);
    expect(screen.queryByTestId('recent-searches')).toBeNull();
  });

  it('a blank search does nothing', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} onClear={() => undefined} />);
    await user.type(screen.getByTestId('search-input'), '   {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
