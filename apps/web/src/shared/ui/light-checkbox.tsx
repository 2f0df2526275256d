import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './light-checkbox.module.css';

/**
 * antd's Checkbox look without antd's runtime: a native checkbox (so keys, forms and screen readers
 * work as for any checkbox) under a drawn 24 px box, with its label beside it. `indeterminate` draws
 * the square of "some ticked". Props other than these go to the input
 * (`aria-label`, `data-testid`); `className` goes to the label around it.
 */
export function LightCheckbox({
  checked,
  indeterminate = false,
  disabled = false,
  onChange,
  className,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked' | 'children'> & {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  const classes = [styles.checkbox, disabled && styles.disabled, className].filter(Boolean);
  return (
    <label className={classes.join(' ')}>
      <span className={styles.control}>
        <input
          {...input}
          type="checkbox"
          className={styles.input}
          checked={checked}
          disabled={disabled}
          // A DOM property with no attribute: it is what screen readers announce as "mixed".
          ref={(el) => {
            if (el) el.indeterminate = indeterminate;
          }}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span
          className={styles.box}
          aria-hidden
          data-state={indeterminate ? 'some' : checked ? 'on' : 'off'}
        />
      </span>
      {children !== undefined && <span className={styles.label}>{children}</span>}
    </label>
  );
}
