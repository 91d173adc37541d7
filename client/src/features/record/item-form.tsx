// The inline add and edit form of every sub-record (SPEC §2 "Add, edit and delete"), driven by a
// list of FieldSpecs and validated with the same shared zod schema as the server, errors shown once
// a field was touched. A failed save keeps what was typed and puts the server's field messages on
// the fields; the toast says the rest.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useUnsavedInput } from '../../components/unsaved-input';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { useTouchedForm } from '../../lib/use-touched-form';
import { translateValidation } from '../../lib/translate-error';
import type { FieldSpec, FormValues } from './field-spec';

interface ItemFormProps {
  /** Names the form for assistive technology, e.g. "New allergy". */
  title: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  defaultValues: FormValues;
  submitLabel: string;
  /** Resolves on success (the form then closes); rejects with the call's error. */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
}

export function ItemForm({ title, fields, schema, defaultValues, submitLabel, onSubmit, onCancel }: ItemFormProps) {
  const { t } = useTranslation(['record', 'validation']);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting, isDirty } } = useTouchedForm(
    // The specs' schemas differ per collection; each one takes the form's text values.
    zodResolver(schema as z.ZodType<Record<string, unknown>, FormValues>) as Resolver<FormValues, unknown, Record<string, unknown>>,
    defaultValues,
  );

  // In a dialog, Escape, its close button and this Cancel ask before discarding what was typed.
  const askBeforeDiscarding = useUnsavedInput(isDirty);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      for (const issue of readApiError(error).issues) {
        if (fields.some((field) => field.name === issue.path)) setError(issue.path, { message: issue.message });
      }
    }
  });

  return (
    <form className="item-form" aria-label={title} onSubmit={submit} noValidate>
      <div className="item-form__grid">
        {fields.map((field) => {
          const label = (
            <>
              {t(field.label)}
              {field.unit && <span className="field__unit"> ({field.unit.startsWith('units.') ? t(field.unit) : field.unit})</span>}
              {field.required && (
                <span className="required-mark" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
            </>
          );
          const common = {
            label,
            error: translateValidation(t, errors[field.name]?.message),
            'aria-required': field.required || undefined,
            className: field.wide || field.kind === 'textarea' ? 'item-form__wide' : undefined,
            ...register(field.name),
          };
          if (field.kind === 'select') {
            return (
              <SelectField
                key={field.name}
                {...common}
                options={[{ value: '', label: t('notSpecified') }, ...(field.options ?? []).map((option) => ({ value: option.value, label: t(option.label) }))]}
              />
            );
          }
          if (field.kind === 'textarea') return <TextAreaField key={field.name} {...common} />;
          return (
            <TextField
              key={field.name}
              {...common}
              type={field.kind ?? 'text'}
              step={field.step}
              min={field.min}
              max={field.max}
              inputMode={field.kind === 'number' ? (field.step && field.step !== '1' ? 'decimal' : 'numeric') : undefined}
              autoComplete="off"
            />
          );
        })}
      </div>
      {fields.some((field) => field.required) && <p className="item-form__note">{t('requiredNote')}</p>}
      <div className="form__actions">
        <button type="button" className="button button--secondary button--small" onClick={() => askBeforeDiscarding(onCancel)}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" aria-disabled={isSubmitting}>
          {isSubmitting ? t('saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
