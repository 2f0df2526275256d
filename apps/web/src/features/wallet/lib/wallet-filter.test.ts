import { describe, expect, it } from 'vitest';
import { walletFilterFromSearch, walletFilterToSearch } from './wallet-filter.ts';

const read = (query: string) => walletFilterFromSearch(new URLSearchParams(query));

describe('the wallet filter in the URL', () => {
  it('a plain URL is the active vouchers, newest first', () => {
    expect(read('')).toEqual({ status: 'active', sort: 'newest' });
    expect(walletFilterToSearch({ status: 'active', sort: 'newest' }).toString()).toBe('');
  });

  it('round-trips what the member chose', () => {
    const filter = { status: 'used', sort: 'expiring', category: 'cafe' } as const;
    expect(read(walletFilterToSearch(filter).toString())).toEqual(filter);
  });

  it('drops values the API would refuse', () => {
    expect(read('status=lost&sort=price&category=')).toEqual({ status: 'active', sort: 'newest' });
    expect(read(`category=${'x'.repeat(101)}`)).toEqual({ status: 'active', sort: 'newest' });
    expect(read('group=v~nonsense')).toEqual({ status: 'active', sort: 'newest' });
  });

  it('carries an opened group of identical vouchers', () => {
    const group = 'v~aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa~-~3~active~20600';
    const filter = { status: 'active', sort: 'newest', group } as const;
    expect(read(walletFilterToSearch(filter).toString())).toEqual(filter);
  });
});
