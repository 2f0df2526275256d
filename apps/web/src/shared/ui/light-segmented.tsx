import { useId, type ReactNode } from 'react';
import styles from './light-segmented.module.css';

/**
 * antd's block Segmented look without antd's runtime: one choice of a few, as native radio buttons
 * (arrow keys move and choose, Tab lands on the chosen one), the chosen one raised on a grey track.
 */
export function LightSegmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <div className={styles.track} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className={styles.item}>
          <input
            type="radio"
            className={styles.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={styles.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
