import { fireEvent, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LightSheet } from './light-sheet.tsx';

/*
 * The buy sheet is the app's own, not antd's Drawer: it must still be a modal dialog to the keyboard and
 * to a screen reader — named by its title, the page behind it out of reach, focus kept and given back,
 * Escape, its cross and the dimmed page closing it. What the member chose lives above it (the buy
 * sheet's panel), so a sheet opened again shows it.
 */

function Page({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add to Cart
      </button>
      <LightSheet
        open={open}
        title="Add to Cart"
        closeLabel="Close"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            More
          </button>
        }
        data-testid="sheet"
      >
        <p>Quantity {count}</p>
      </LightSheet>
    </>
  );
}

describe('LightSheet', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  });
  afterEach(() => root.remove());

  const open = async () => {
    render(<Page />, { container: root });
    const opener = screen.getByRole('button', { name: 'Add to Cart' });
    await userEvent.click(opener);
    return opener;
  };

  it('is nothing while closed', () => {
    render(<Page />, { container: root });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Quantity/)).toBeNull();
  });

  it('opens as a modal dialog named by its title, with its footer, focus inside and the page inert', async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Add to Cart' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.dataset.testid).toBe('sheet');
    expect(dialog.contains(screen.getByRole('button', { name: 'More' }))).toBe(true);
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.contains(dialog)).toBe(false);
  });

  it('closes on its cross, gives focus back to what opened it, and opens again with what the page holds', async () => {
    const opener = await open();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText('Quantity 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    expect(document.activeElement).toBe(opener);
    await userEvent.click(opener);
    expect(screen.getByText('Quantity 2')).toBeTruthy();
  });

  it('closes on Escape and on a tap on the dimmed page, not on a tap inside', async () => {
    await open();
    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(true));
    fireEvent.click(screen.getByText('Quantity 1'));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'More' }), { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await vi.waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // The dimmed page is the element before the panel, outside it.
    const mask = (await screen.findByRole('dialog')).previousElementSibling!;
    expect(mask.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(mask);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
