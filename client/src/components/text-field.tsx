// A labelled input with its hint and error wired for assistive technology.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';

interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} className="field__input" {...input} />}
    </Field>
  );
}
