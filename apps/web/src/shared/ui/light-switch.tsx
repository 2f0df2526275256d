import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes } from 'react';
import styles from './light-switch.module.css';

/**
 * antd's Switch look without antd's runtime: a button with role="switch". Drawn 22 px high, it takes
 * taps 11 px above and below (44 px). While `loading`, the handle spins and taps wait.
 */
export function LightSwitch({
  checked,
  loading = false,
  onChange,
  className,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'onClick' | 'disabled'> & {
  checked: boolean;
  loading?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={loading || undefined}
      disabled={loading}
      className={`${styles.switch}${className ? ` ${className}` : ''}`}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.handle}>{loading && <LoadingOutlined aria-hidden spin />}</span>
    </button>
  );
}
