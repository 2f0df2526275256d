import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import styles from './quantity-stepper.module.css';

/**
 * − value + within [min, max], in plain buttons (the voucher detail's picker and the cart use it; neither
 * needs antd's InputNumber, whose typed value would need its own checks). A value above `max` (stock
 * ran low since it was chosen) may only go down.
 */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  disabled = false,
  label,
  decreaseLabel,
  increaseLabel,
  testId,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (next: number) => void;
  disabled?: boolean;
  /** Names the group for assistive technology ("Quantity of …"). */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  testId?: string;
}) {
  const canDecrease = !disabled && value > min;
  const canIncrease = !disabled && value < max;
  return (
    <div
      className={`${styles.stepper}${disabled ? ` ${styles.disabled}` : ''}`}
      role="group"
      aria-label={label}
      data-testid={testId}
    >
      <button
        type="button"
        className={styles.step}
        aria-label={decreaseLabel}
        disabled={!canDecrease}
        onClick={() => onChange(Math.min(value - 1, max))}
        data-testid={testId && `${testId}-decrease`}
      >
        <MinusOutlined aria-hidden />
      </button>
      <output className={styles.value} aria-live="polite" data-testid={testId && `${testId}-value`}>
        {value}
      </output>
      <button
        type="button"
        className={styles.step}
        aria-label={increaseLabel}
        disabled={!canIncrease}
        onClick={() => onChange(value + 1)}
        data-testid={testId && `${testId}-increase`}
      >
        <PlusOutlined aria-hidden />
      </button>
    </div>
  );
}
