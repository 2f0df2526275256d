import type { InputHTMLAttributes, Ref } from 'react';
import field from './light-field.module.css';

/**
 * A labelled text field drawn as antd's vertical Form.Item draws one, without antd's runtime: its
 * message under it (announced as it appears) and the box red while the message stands. `required`
 * marks it for screen readers and, unless `requiredMark` is false, with antd's red asterisk.
 */
export function LightField({
  id,
  label,
  error,
  required = false,
  requiredMark = true,
  inputRef,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> & {
  inputRef?: Ref<HTMLInputElement>;
  id: string;
  label: string;
  error: string | null;
  required?: boolean;
  requiredMark?: boolean;
}) {
  const help = `${id}_help`;
  return (
    <div className={field.item}>
      <label htmlFor={id} className={`${field.label}${required && requiredMark ? ` ${field.required}` : ''}`}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className={field.input}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? help : undefined}
        {...input}
      />
      {error && (
        <div id={help} className={field.explain} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
