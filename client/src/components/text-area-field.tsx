// A labelled <textarea> with its hint and error wired for assistive technology.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';

interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function TextAreaField({ label, hint, error, className, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...control} rows={rows} className="field__input field__textarea" {...textarea} />}
    </Field>
  );
}
