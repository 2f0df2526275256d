import '../texts.ts';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { channelList } from '../test-data.ts';
import { ChannelPicker } from './channel-picker.tsx';

// The list's code cannot be downloaded (no signal since checkout opened). A file of its own: the mock
// applies to the whole file.
vi.mock('./channel-list.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('ChannelPicker when the list cannot load', () => {
  it('says so under the chosen method, which stays, and opens no empty dialog', async () => {
    const user = userEvent.setup();
    render(
      <ChannelPicker
        channels={channelList}
        loading={false}
        failed={false}
        retrying={false}
        selected={channelList[0]!}
        onRetry={() => undefined}
        onSelect={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Change/ }));
    expect((await screen.findByTestId('channel-open-error')).textContent).toBe(
      'The payment methods could not open. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: /Change/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
