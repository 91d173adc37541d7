// A labelled <select> with its error wired for assistive technology.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';

interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  error?: string;
  options: { value: string; label: string }[];
}

export function SelectField({ label, error, options, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <select {...control} className="field__input field__select" {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
