// A labelled <select> with its error wired for assistive technology, the twin of TextField.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  error?: string;
  options: { value: string; label: string }[];
}

export function SelectField({ label, error, options, className = '', ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field ${className}`.trim()}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input field__select" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
