import { useEffect, useState } from 'react';
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

/**
 * The sign-in form as the server drew it, input on it held (after `before`, done on the markup before the
 * hold began); `sent`: what the app's submit sent.
 */
function heldSignIn(before: (part: <T extends Element>(id: string) => T) => void = () => undefined) {
  const sent: string[] = [];
  const page = <SignIn sent={(email) => sent.push(email)} />;
  const root = serverPage(page);
  const part = <T extends Element>(id: string) => root.querySelector<T>(`[data-testid="${id}"]`)!;
  before(part);
  const held = holdInput(root);
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

/** A search form that draws a clear button in front of its submit button once it holds text. */
function Search({ sent, cleared }: { sent: (term: string) => void; cleared: () => void }) {
  const [term, setTerm] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent(term);
      }}
    >
      <input data-testid="term" value={term} onChange={(e) => setTerm(e.currentTarget.value)} />
      {term && (
        <button type="button" onClick={cleared}>
          Clear
        </button>
      )}
      <button type="submit" data-testid="search">
        Search
      </button>
    </form>
  );
}

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

  it('sends a held submission with its form even when the first render gave the button’s element to another', async () => {
    const sent: string[] = [];
    const cleared = vi.fn();
    const page = <Search sent={(term) => sent.push(term)} cleared={cleared} />;
    const root = serverPage(page);
    const held = holdInput(root);
    const field = root.querySelector<HTMLInputElement>('[data-testid="term"]')!;
    type(field, 'latte');
    root.querySelector<HTMLButtonElement>('[data-testid="search"]')!.click();

    hydrateRoot(root, page);
    await held.release();
    expect(sent).toEqual(['latte']);
    expect(cleared).not.toHaveBeenCalled();
  });

  it('tells the app what was typed before the hold began (its code still downloading)', async () => {
    const { sent, page, root, held, field, agree, send } = heldSignIn((part) => {
      part<HTMLInputElement>('email').value = 'early@example.com';
      part<HTMLInputElement>('agree').checked = true;
    });
    // Enter in the field, once the hold has begun: the browser's `change`, then the form's submit button.
    field.dispatchEvent(new Event('change', { bubbles: true }));
    send.click();
    hydrateRoot(root, page);
    await held.release();
    expect(sent).toEqual(['early@example.com (agreed)']);
    expect(field.value).toBe('early@example.com');
    expect(agree.checked).toBe(true);
  });

  it('tells the app nothing of a field it set itself after taking the page over', async () => {
    const changed = vi.fn();
    // Ticked by the app once it runs (a saved choice read back a moment later), not by the member.
    function Saved() {
      const [on, setOn] = useState(false);
      useEffect(() => {
        const reading = setTimeout(() => setOn(true));
        return () => clearTimeout(reading);
      }, []);
      return (
        <input
          type="checkbox"
          checked={on}
          onChange={() => {
            changed();
            setOn(!on);
          }}
        />
      );
    }
    const root = serverPage(<Saved />);
    const held = holdInput(root);
    hydrateRoot(root, <Saved />);
    await vi.waitFor(() => expect(root.querySelector('input')!.checked).toBe(true));
    await held.release();
    expect(changed).not.toHaveBeenCalled();
    expect(root.querySelector('input')!.checked).toBe(true);
  });
});
