import { DownOutlined } from '@ant-design/icons';
import type { SelectHTMLAttributes } from 'react';
import styles from './light-select.module.css';

/**
 * antd's Select look without antd's runtime: a native <select> (the phone's own picker, the keyboard
 * for free) drawn as antd draws its closed box, with its arrow.
 */
export function LightSelect<V extends string>({
  value,
  options,
  onChange,
  className,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <span className={`${styles.box}${className ? ` ${className}` : ''}`}>
      <select
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <DownOutlined aria-hidden className={styles.arrow} />
    </span>
  );
}
