import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredQuery } from './use-deferred-query.ts';

type Q = { data: string[] | undefined; isPending: boolean; isError: boolean };

/** Every state the hook handed to the screen, render by render. */
function renders() {
  const seen: Q[] = [];
  function Probe({ query }: { query: Q }) {
    const { data, isPending, isError } = useDeferredQuery(query);
    seen.push({ data, isPending, isError });
    return null;
  }
  return { seen, Probe };
}

const pending: Q = { data: undefined, isPending: true, isError: false };
const answered: Q = { data: ['a', 'b'], isPending: false, isError: false };

describe('useDeferredQuery', () => {
  it('keeps showing the pending state in the urgent render, then hands the answer over', async () => {
    const { seen, Probe } = renders();
    const view = render(<Probe query={pending} />);
    await act(async () => view.rerender(<Probe query={answered} />));
    // The render caused by the answer still says pending; a later (deferred) one has the data.
    expect(seen).toEqual([pending, pending, answered]);
  });

  it('gives data already there at once, and an error at once', async () => {
    const { seen, Probe } = renders();
    render(<Probe query={answered} />);
    expect(seen).toEqual([answered]);

    const failed = renders();
    const view = render(<failed.Probe query={pending} />);
    const error: Q = { data: undefined, isPending: false, isError: true };
    await act(async () => view.rerender(<failed.Probe query={error} />));
    expect(failed.seen.at(-1)).toEqual(error);
    expect(failed.seen.every((q) => !(q.isError && q.isPending))).toBe(true);
  });
});
