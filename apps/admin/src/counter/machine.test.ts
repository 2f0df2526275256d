import { describe, expect, it } from 'vitest';
import { counterReducer, initialPhase, takesCodes, type CounterEvent, type Phase } from './machine.ts';
import type { CounterItem } from './types.ts';

const item = (over: Partial<CounterItem> = {}): CounterItem => ({
  code: 'AAAA',
  kind: 'voucher',
  voucherTitle: 'Iced latte',
  storeName: 'Café',
  storeId: '00000000-0000-4000-8000-000000000001',
  imageUrl: null,
  memberFirstName: 'Malee',
  usesLeft: 1,
  usageLimit: 1,
  validUntil: '2026-12-31T16:59:59.000Z',
  ...over,
});
const run = (events: CounterEvent[], from: Phase = initialPhase) => events.reduce(counterReducer, from);
const found = run([
  { type: 'code', code: 'AAAA' },
  { type: 'lookedUp', code: 'AAAA', item: item() },
]);

describe('the counter’s steps', () => {
  it('scan → found → confirm → redeemed → next customer', () => {
    expect(found).toEqual({ name: 'found', item: item() });
    const redeeming = counterReducer(found, { type: 'confirm', key: 'k1' });
    expect(redeeming).toEqual({ name: 'redeeming', item: item(), key: 'k1' });
    const result = { code: 'AAAA', usesLeft: 0, usedAt: '2026-11-26T10:00:00.000Z' };
    const done = counterReducer(redeeming, { type: 'redeemed', code: 'AAAA', result });
    expect(done).toEqual({ name: 'redeemed', item: item(), result });
    expect(takesCodes(done)).toBe(false);
    expect(counterReducer(done, { type: 'reset' })).toEqual(initialPhase);
  });

  it('takes codes only while waiting for a customer', () => {
    expect(takesCodes(initialPhase)).toBe(true);
    expect(counterReducer(found, { type: 'code', code: 'BBBB' })).toBe(found);
    const looking = run([{ type: 'code', code: 'AAAA' }]);
    expect(counterReducer(looking, { type: 'code', code: 'BBBB' })).toBe(looking);
  });

  it('a double tap on Confirm is one confirmation with the first key', () => {
    const once = counterReducer(found, { type: 'confirm', key: 'k1' });
    expect(counterReducer(once, { type: 'confirm', key: 'k2' })).toBe(once);
  });

  it('Try again after a confirmation with no answer sends the same key', () => {
    const failed = run(
      [
        { type: 'confirm', key: 'k1' },
        { type: 'failed', code: 'AAAA' },
      ],
      found,
    );
    expect(failed).toEqual({ name: 'failed', step: 'redeem', item: item(), key: 'k1' });
    expect(counterReducer(failed, { type: 'retry' })).toEqual({ name: 'redeeming', item: item(), key: 'k1' });
  });

  it('Try again after a lookup with no answer looks the same code up again', () => {
    const failed = run([
      { type: 'code', code: 'AAAA' },
      { type: 'failed', code: 'AAAA' },
    ]);
    expect(failed).toEqual({ name: 'failed', step: 'lookup', code: 'AAAA' });
    expect(counterReducer(failed, { type: 'retry' })).toEqual({ name: 'looking', code: 'AAAA' });
  });

  it('a refusal at lookup or at Confirm says which, with the API’s message', () => {
    const atLookup = run([
      { type: 'code', code: 'AAAA' },
      { type: 'refused', code: 'AAAA', reason: 'counter_wrong_store', message: 'Another store' },
    ]);
    expect(atLookup).toEqual({
      name: 'refused',
      code: 'AAAA',
      reason: 'counter_wrong_store',
      message: 'Another store',
    });
    const atConfirm = run(
      [
        { type: 'confirm', key: 'k1' },
        { type: 'refused', code: 'AAAA', reason: 'counter_used_up', message: null },
      ],
      found,
    );
    expect(atConfirm).toMatchObject({ name: 'refused', reason: 'counter_used_up', item: item() });
    expect(counterReducer(atConfirm, { type: 'reset' })).toEqual(initialPhase);
  });

  it('never offers Confirm for a code with no uses left; unlimited codes are offered', () => {
    const none = run([
      { type: 'code', code: 'AAAA' },
      { type: 'lookedUp', code: 'AAAA', item: item({ usesLeft: 0 }) },
    ]);
    expect(none).toMatchObject({ name: 'refused', reason: 'counter_used_up' });
    const unlimited = run([
      { type: 'code', code: 'AAAA' },
      { type: 'lookedUp', code: 'AAAA', item: item({ usesLeft: null, usageLimit: null }) },
    ]);
    expect(unlimited).toMatchObject({ name: 'found' });
  });

  it('an answer for a code staff moved on from changes nothing', () => {
    const cancelled = run([
      { type: 'code', code: 'AAAA' },
      { type: 'reset' },
      { type: 'code', code: 'BBBB' },
    ]);
    expect(counterReducer(cancelled, { type: 'lookedUp', code: 'AAAA', item: item() })).toBe(cancelled);
    expect(counterReducer(cancelled, { type: 'failed', code: 'AAAA' })).toBe(cancelled);
    expect(
      counterReducer(cancelled, { type: 'refused', code: 'AAAA', reason: 'counter_expired', message: null }),
    ).toBe(cancelled);
  });

  it('no Cancel while a use is being recorded: its answer must be seen', () => {
    const redeeming = counterReducer(found, { type: 'confirm', key: 'k1' });
    expect(counterReducer(redeeming, { type: 'reset' })).toBe(redeeming);
    expect(counterReducer(found, { type: 'reset' })).toEqual(initialPhase);
  });

  it('retry means nothing outside a failure; redeemed only follows a confirmation', () => {
    expect(counterReducer(found, { type: 'retry' })).toBe(found);
    const result = { code: 'AAAA', usesLeft: 0, usedAt: '2026-11-26T10:00:00.000Z' };
    expect(counterReducer(found, { type: 'redeemed', code: 'AAAA', result })).toBe(found);
  });
});
