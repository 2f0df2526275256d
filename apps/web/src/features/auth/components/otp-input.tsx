import { OTP_LENGTH } from '@app/contracts/constants';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../auth.module.css';

type OtpInputProps = {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Focus the first box when shown: the code is the only thing to do on that step. */
  focusOnMount?: boolean;
  /** id of the text that describes an error, for aria-describedby. */
  errorId?: string;
  /** Each new value focuses the first box again (once the boxes are enabled): after a refused code. */
  refocus?: number;
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Every box holds a digit. */
export const isCompleteCode = (code: string, length = OTP_LENGTH) =>
  code.length === length && /^\d+$/.test(code);

/**
 * Six one-digit boxes. Typing moves forward, Backspace on an empty box moves back, and a whole code
 * (pasted into any box, or filled by the phone's one-time-code autofill into any) fills them all.
 */
export function OtpInput({
  value,
  onChange,
  length = OTP_LENGTH,
  disabled,
  invalid,
  focusOnMount,
  errorId,
  refocus = 0,
}: OtpInputProps) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // An empty box inside the code is kept as a space so the other digits stay in their boxes.
  useEffect(() => {
    if (focusOnMount) refs.current[0]?.focus();
    // Only when the boxes appear, not whenever the prop is re-passed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A disabled box cannot take focus: the first box is focused once the boxes are enabled again.
  const refocused = useRef(refocus);
  useEffect(() => {
    if (disabled || refocus === refocused.current) return;
    refocused.current = refocus;
    refs.current[0]?.focus();
  }, [refocus, disabled]);

  const slots = Array.from({ length }, (_, i) => value.charAt(i).trim());
  const emit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || ' ')
        .join('')
        .trimEnd(),
    );

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `digits` starting at box `start` and focuses the box after the last one written. */
  const fillFrom = (start: number, digits: string) => {
    const next = slots.slice();
    let i = start;
    for (const d of digits) {
      if (i >= length) break;
      next[i] = d;
      i += 1;
    }
    emit(next);
    focusBox(i);
  };

  const handleInput = (index: number, input: HTMLInputElement) => {
    const raw = input.value;
    const digits = digitsOf(raw);
    if (digits.length === 0) {
      const next = slots.slice();
      next[index] = '';
      emit(next);
      return;
    }
    // A whole code at once is the phone's one-time-code autofill (or a paste the browser let through).
    if (digits.length >= length) {
      fillFrom(0, digits.slice(0, length));
      return;
    }
    // Typing into a box that already holds a digit: keep only the one just typed (left of the caret).
    if (slots[index] && raw.length === 2) {
      const typed = raw.charAt((input.selectionStart ?? raw.length) - 1);
      if (/\d/.test(typed)) fillFrom(index, typed);
      return;
    }
    fillFrom(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const plainKey = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plainKey && /^\d$/.test(event.key)) {
      // Handled here rather than in onChange: typing the digit a box already holds changes nothing,
      // so no change would fire and focus would not move on.
      event.preventDefault();
      fillFrom(index, event.key);
    } else if (event.key === 'Backspace' && !slots[index]) {
      event.preventDefault();
      if (index > 0) {
        const next = slots.slice();
        next[index - 1] = '';
        emit(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    // A whole code goes in from the first box whichever box received it.
    fillFrom(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <div
      className={styles.otpInput}
      role="group"
      aria-label={t('signin.otp.groupLabel')}
      aria-describedby={invalid ? errorId : undefined}
    >
      {slots.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className={invalid ? `${styles.otpBox} ${styles.otpBoxInvalid}` : styles.otpBox}
          data-testid={`otp-${index}`}
          id={`otp-${index}`}
          name={`otp-${index}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          // The phone offers the code from the e-mail in whichever box has focus, and that box must
          // take all of it (handleInput spreads it over the boxes).
          autoComplete="one-time-code"
          maxLength={length}
          aria-label={t('signin.otp.digitLabel', { index: index + 1, total: length })}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          onChange={(e) => handleInput(index, e.target)}
          onInput={(e) => {
            // Phone keyboards send no key name: the same digit typed again still moves on.
            const native = e.nativeEvent as InputEvent;
            if (native.inputType === 'insertText' && native.data === slots[index]) focusBox(index + 1);
          }}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
