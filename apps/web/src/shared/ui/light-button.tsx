import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

type LightButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /**
   * `link`: antd's link button, text only (a screen's secondary action beside its title). `text`: antd's
   * text button, on a faint grey (a dialog's quiet way out).
   */
  variant?: 'default' | 'primary' | 'link' | 'text';
  block?: boolean;
  /** antd's large button: the pay bar's one action. */
  size?: 'middle' | 'large';
  icon?: ReactNode;
  loading?: boolean;
};

/** antd's Button look without antd's runtime: for what a screen shows on its first paint. */
export function LightButton({
  variant = 'default',
  block = false,
  size = 'middle',
  icon,
  className,
  children,
  type = 'button',
  disabled,
  loading = false,
  onClick,
  ...rest
}: LightButtonProps) {
  const classes = [
    styles.button,
    variant === 'primary' && styles.primary,
    variant === 'link' && styles.link,
    variant === 'text' && styles.text,
    block && styles.block,
    size === 'large' && styles.large,
    disabled && styles.inert,
    loading && styles.loading,
    className,
  ].filter(Boolean);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      {...rest}
      disabled={disabled}
      aria-busy={loading || undefined}
      // While loading, taps and keys do nothing, as on antd's Button (not `disabled`: focus stays).
      aria-disabled={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <LoadingOutlined aria-hidden spin /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
