// How a sub-record form is described: one entry per field, in the order shown. The generic
// ItemForm draws labels, input types, steps, units and required marks from it.
export interface FieldSpec {
  name: string;
  /** Key in the record namespace. */
  label: string;
  kind?: 'text' | 'number' | 'date' | 'datetime-local' | 'email' | 'tel' | 'select' | 'textarea';
  /** Marked with * and aria-required; the shared schema is what enforces it. */
  required?: boolean;
  step?: string;
  min?: string;
  max?: string;
  /** Shown after the label: a symbol the same in every language ("mmHg"), or a word as its key under `units.`. */
  unit?: string;
  /** For selects: the English values the server takes, each with the key of its label. */
  options?: readonly { value: string; label: string }[];
  /** Spans the whole row of the form grid. */
  wide?: boolean;
}

export type FormValues = Record<string, string>;

/** A stored item as the form's text values: null and numbers become strings. */
export function toFormValues(fields: readonly FieldSpec[], item: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = item?.[field.name];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}
