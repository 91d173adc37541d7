// A labelled checkbox with its hint and error wired for assistive technology, the label clickable
// beside the box (the text fields' Field puts the label above its control instead).
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function CheckboxField({ label, hint, error, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field checkbox-field ${className}`.trim()}>
      <div className="checkbox-field__control">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
