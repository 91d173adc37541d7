// A labelled checkbox with its hint and error wired for assistive technology (Field's wiring), the
// label clickable beside the box rather than above it.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';

interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function CheckboxField({ label, hint, error, className = '', ...input }: CheckboxFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={`checkbox-field ${className}`.trim()} labelPlacement="beside">
      {(control) => <input type="checkbox" {...control} {...input} />}
    </Field>
  );
}
