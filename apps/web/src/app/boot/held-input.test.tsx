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

/** The sign-in form as the server drew it, input on it held; `sent`: what the app's submit sent. */
function heldSignIn() {
  const sent: string[] = [];
  const page = <SignIn sent={(email) => sent.push(email)} />;
  const root = serverPage(page);
  const held = holdInput(root);
  const part = <T extends Element>(id: string) => root.querySelector<T>(`[data-testid="${id}"]`)!;
  return {
    sent,
    page,
    root,
    held,
    field: part<HTMLInputElement>('email'),
    agree: part<HTMLInputElement>('agree'),
    send: part<HTMLButtonElement>('send'),
  };
}

const type = (field: HTMLInputElement, text: string) => {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('holdInput', () => {
  it('gives the app what was typed and tapped before it took the page over, once, in order', async () => {
    const { sent, page, root, held, field, agree, send } = heldSignIn();
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
    const { sent, page, root, held, field } = heldSignIn();
    type(field, 'somchai@example.com');
    root.querySelector<HTMLFormElement>('form')!.requestSubmit();
    field.value = '';

    hydrateRoot(root, page);
    await held.release();
    expect(sent).toEqual(['somchai@example.com']);
  });

  it('holds nothing outside its root, follows nothing that was removed, and lets go by itself', async () => {
    vi.useFakeTimers();
    const { sent, page, root, send } = heldSignIn();
    const outside = document.createElement('button');
    const outsideTaps = vi.fn();
    outside.addEventListener('click', outsideTaps);
    document.body.append(outside);

    outside.click();
    expect(outsideTaps).toHaveBeenCalledOnce();

    send.click();
    hydrateRoot(root, page);
    // The app never said it had taken over: the tap is done after the longest hold.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toEqual(['']);
    vi.useRealTimers();

    const other = heldSignIn();
    other.send.click();
    other.root.remove();
    const replayed = vi.spyOn(other.send, 'click');
    await other.held.release();
    expect(replayed).not.toHaveBeenCalled();
  });
});
