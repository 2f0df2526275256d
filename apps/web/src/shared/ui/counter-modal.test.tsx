import { fireEvent, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CounterModal } from './counter-modal.tsx';

/*
 * The counter's dialog is the app's own, not antd's: it must still be a modal dialog to the keyboard
 * and to a screen reader — named by its title, the page behind it out of reach, focus kept and given
 * back, Escape and the dimmed page closing it.
 */

function Page({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Redeem Now
      </button>
      {open && (
        <CounterModal
          title="Your code"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <p>ABCD 1234</p>
          <button type="button">Copy</button>
        </CounterModal>
      )}
    </>
  );
}

describe('CounterModal', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  });
  afterEach(() => root.remove());

  const open = async () => {
    render(<Page />, { container: root });
    const opener = screen.getByRole('button', { name: 'Redeem Now' });
    await userEvent.click(opener);
    return opener;
  };

  it('is a modal dialog named by its title, with focus inside and the page behind inert', async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Your code' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.contains(dialog)).toBe(false);
  });

  it('closes on its cross, gives focus back to what opened it and the page back', async () => {
    const opener = await open();
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and on a tap on the dimmed page, not on a tap inside', async () => {
    await open();
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    fireEvent.click(screen.getByText('ABCD 1234'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Copy' }), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Redeem Now' }));
    const mask = await vi.waitFor(() => {
      const found = document.body.querySelector(':scope > div > [aria-hidden="true"]');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.click(mask);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves an Escape pressed in a dialog it opened to that dialog', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />, { container: root });
    await userEvent.click(screen.getByRole('button', { name: 'Redeem Now' }));
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    const other = document.createElement('div');
    other.tabIndex = -1;
    document.body.append(other);
    fireEvent.keyDown(other, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    other.remove();
  });
});
