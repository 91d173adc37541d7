// The wrapper every form control shares: a visible label bound to the control, an optional hint and
// an error, tied to the control through aria-describedby and aria-invalid. The field components
// render their own control and spread `control` onto it, so the wiring is written once.
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** 'beside': the label follows its control on one line, clickable (a checkbox); else it sits above. */
  labelPlacement?: 'above' | 'beside';
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, className = '', labelPlacement = 'above', children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={`field ${className}`.trim()}>
      {labelPlacement === 'beside' ? (
        <div className="checkbox-field__control">
          {children(control)}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {children(control)}
        </>
      )}
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
