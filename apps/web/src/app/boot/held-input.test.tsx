import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInput } from './held-input.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** A form whose submit reports the address the app holds (its state, not the field's text). */
function SignIn({ sent }: { sent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent(`${email}${agreed ? ' (agreed)' : ''}`);
      }}
    >
      <input data-testid="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <input
        data-testid="agree"
        type="checkbox"
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
      />
      <button type="submit" data-testid="send">
        Send
      </button>
    </form>
  );
}

/** The server's markup of `page` in a root of the document, as the browser shows it before the app. */
function serverPage(page: React.ReactElement) {
  const root = document.createElement('div');
  root.innerHTML = renderToString(page);
  document.body.append(root);
  return root;
}

const type = (field: HTMLInputElement, text: string) => {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('holdInput', () => {
  it('gives the app what was typed and tapped before it took the page over, once, in order', async () => {
    const sent: string[] = [];
    const page = <SignIn sent={(email) => sent.push(email)} />;
    const root = serverPage(page);
    const held = holdInput(root);
    const field = root.querySelector<HTMLInputElement>('[data-testid="email"]')!;
    const agree = root.querySelector<HTMLInputElement>('[data-testid="agree"]')!;
    const send = root.querySelector<HTMLButtonElement>('[data-testid="send"]')!;
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('submit', submitted);

    type(field, 'malee@example.com');
    agree.click();
    send.click();
    // The tap did not send the form to the server (the browser's default), and nothing answered it.
    expect(submitted).not.toHaveBeenCalled();

    hydrateRoot(root, page);
    expect(sent).toEqual([]);
    await held.release();
    expect(sent).toEqual(['malee@example.com (agreed)']);
    expect(field.value).toBe('malee@example.com');
    // Released once: taps from now on reach the app straight away, and are not done twice.
    await held.release();
    send.click();
    expect(sent).toEqual(['malee@example.com (agreed)', 'malee@example.com (agreed)']);
  });

  it('puts back what was typed when the app’s first render reset the field', async () => {
    const sent: string[] = [];
    const page = <SignIn sent={(email) => sent.push(email)} />;
    const root = serverPage(page);
    const held = holdInput(root);
    const field = root.querySelector<HTMLInputElement>('[data-testid="email"]')!;
    type(field, 'somchai@example.com');
    root.querySelector<HTMLFormElement>('form')!.requestSubmit();
    field.value = '';

    hydrateRoot(root, page);
    await held.release();
    expect(sent).toEqual(['somchai@example.com']);
  });

  it('holds nothing outside its root, follows nothing that was removed, and lets go by itself', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const page = <SignIn sent={(email) => sent.push(email)} />;
    const root = serverPage(page);
    const outside = document.createElement('button');
    const outsideTaps = vi.fn();
    outside.addEventListener('click', outsideTaps);
    document.body.append(outside);
    holdInput(root);

    outside.click();
    expect(outsideTaps).toHaveBeenCalledOnce();

    root.querySelector<HTMLButtonElement>('[data-testid="send"]')!.click();
    hydrateRoot(root, page);
    // The app never said it had taken over: the tap is done after the longest hold.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual(['']);
    vi.useRealTimers();

    const other = serverPage(page);
    const held = holdInput(other);
    other.querySelector<HTMLButtonElement>('[data-testid="send"]')!.click();
    other.remove();
    await held.release();
    expect(sent).toEqual(['']);
  });
});
