import { fireEvent, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness({ onCode, initial = '' }: { onCode?: (code: string) => void; initial?: string }) {
  const [code, setCode] = useState(initial);
  return (
    <>
      <OtpInput
        value={code}
        onChange={(v) => {
          setCode(v);
          onCode?.(v);
        }}
      />
      <output data-testid="code">{code}</output>
    </>
  );
}

const box = (i: number) => screen.getByTestId(`otp-${i}`) as HTMLInputElement;
const boxValues = () => Array.from({ length: 6 }, (_, i) => box(i).value).join('|');

describe('OtpInput', () => {
  it('has six labelled numeric boxes, the first one for one-time-code autofill', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeTruthy();
    for (let i = 0; i < 6; i += 1) {
      expect(box(i).getAttribute('aria-label')).toBe(`Digit ${i + 1} of 6`);
      expect(box(i).getAttribute('inputmode')).toBe('numeric');
    }
    expect(box(0).getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('lets the phone autofill the code into whichever box has focus', () => {
    const onCode = vi.fn();
    render(<Harness onCode={onCode} />);
    for (let i = 0; i < 6; i += 1) {
      expect(box(i).getAttribute('autocomplete')).toBe('one-time-code');
      // The whole code must fit in the box it lands in.
      expect(box(i).maxLength).toBeGreaterThanOrEqual(6);
    }
    fireEvent.change(box(3), { target: { value: '918273' } });
    expect(boxValues()).toBe('9|1|8|2|7|3');
    expect(onCode).toHaveBeenLastCalledWith('918273');
  });

  it('focuses the first box again when told to (after a refused code)', () => {
    const { rerender } = render(<OtpInput value="" onChange={() => {}} refocus={0} />);
    box(4).focus();
    rerender(<OtpInput value="" onChange={() => {}} refocus={1} disabled />);
    expect(document.activeElement).not.toBe(box(0));
    rerender(<OtpInput value="" onChange={() => {}} refocus={1} />);
    expect(document.activeElement).toBe(box(0));
  });

  it('typing the digits from the first box fills them all, moving focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(0));
    await user.keyboard('482913');
    expect(boxValues()).toBe('4|8|2|9|1|3');
    expect(screen.getByTestId('code').textContent).toBe('482913');
    expect(document.activeElement).toBe(box(5));
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(0));
    await user.keyboard('a1b2');
    expect(screen.getByTestId('code').textContent).toBe('12');
    expect(document.activeElement).toBe(box(2));
  });

  it('pasting the code into any box fills them all', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('12 34 56');
    expect(boxValues()).toBe('1|2|3|4|5|6');
    expect(screen.getByTestId('code').textContent).toBe('123456');
  });

  it('a shorter paste fills from the box it lands in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('78');
    expect(boxValues()).toBe('||7|8||');
    expect(document.activeElement).toBe(box(4));
  });

  it('a whole code autofilled into the first box fills them all', () => {
    const onCode = vi.fn();
    render(<Harness onCode={onCode} />);
    fireEvent.change(box(0), { target: { value: '654321' } });
    expect(boxValues()).toBe('6|5|4|3|2|1');
    expect(onCode).toHaveBeenLastCalledWith('654321');
  });

  it('backspace clears the box, then moves back and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(0));
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(screen.getByTestId('code').textContent).toBe('12');
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(1));
    expect(screen.getByTestId('code').textContent).toBe('1');
  });

  it('backspace on a filled box clears only that box and keeps the others in place', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123456" />);
    await user.click(box(2));
    await user.keyboard('{Backspace}');
    expect(boxValues()).toBe('1|2||4|5|6');
    await user.keyboard('9');
    expect(boxValues()).toBe('1|2|9|4|5|6');
    expect(screen.getByTestId('code').textContent).toBe('129456');
  });

  it('typing over a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness initial="111111" />);
    await user.click(box(1));
    await user.keyboard('7');
    expect(boxValues()).toBe('1|7|1|1|1|1');
    expect(document.activeElement).toBe(box(2));
  });
});

describe('OtpInput over an earlier code', () => {
  it('typing a new code over an old one replaces every digit, even the ones that are the same', async () => {
    const user = userEvent.setup();
    render(<Harness initial="000000" />);
    await user.click(box(0));
    await user.keyboard('641027');
    expect(screen.getByTestId('code').textContent).toBe('641027');
    expect(document.activeElement).toBe(box(5));
  });
});
