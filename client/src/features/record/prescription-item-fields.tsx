// One medicine of the prescription being written: the drug (suggested from the practice's earlier
// prescriptions, drug-combobox.tsx) and the rest of what the receta carries for it, each field
// labelled, in the order a pharmacist reads it. Choosing a suggested drug fills in the fields it
// knows, all still editable; the instructions are the doctor's for this patient and are left alone.
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DrugSuggestion, PrescriptionInput } from '../../../../shared/prescriptions';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { translateValidation } from '../../lib/translate-error';
import { DrugCombobox } from './drug-combobox';

/** The fields a suggestion fills, besides the drug itself. */
const FILLED = ['strength', 'form', 'route', 'presentation', 'packages', 'dose', 'frequency', 'duration'] as const;

interface PrescriptionItemFieldsProps {
  index: number;
  /** Null when the item is the only one: a prescription holds at least one. */
  onRemove: (() => void) | null;
}

export function PrescriptionItemFields({ index, onRemove }: PrescriptionItemFieldsProps) {
  const { t } = useTranslation(['prescriptions', 'validation']);
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<PrescriptionInput>();
  const itemErrors = errors.items?.[index];
  const number = index + 1;

  const fill = (suggestion: DrugSuggestion) => {
    setValue(`items.${index}.drug`, suggestion.drug, { shouldValidate: true, shouldDirty: true });
    for (const field of FILLED) setValue(`items.${index}.${field}`, suggestion[field] ?? '', { shouldDirty: true });
  };

  return (
    <fieldset className="prescription-item">
      <legend className="prescription-item__legend">{t('prescribe.item', { number })}</legend>
      <div className="item-form__grid">
        <Controller
          control={control}
          name={`items.${index}.drug`}
          render={({ field, fieldState }) => (
            <DrugCombobox
              className="item-form__wide"
              label={
                <>
                  {t('fields.drug')}
                  <span className="required-mark" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </>
              }
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onPick={fill}
              autoFocus={index === 0}
              error={translateValidation(t, fieldState.error?.message)}
            />
          )}
        />
        {FILLED.map((name) => (
          <TextField key={name} label={t(`fields.${name}`)} autoComplete="off" error={translateValidation(t, itemErrors?.[name]?.message)} {...register(`items.${index}.${name}`)} />
        ))}
        <TextAreaField
          className="item-form__wide"
          label={t('fields.instructions')}
          rows={2}
          error={translateValidation(t, itemErrors?.instructions?.message)}
          {...register(`items.${index}.instructions`)}
        />
      </div>
      {onRemove && (
        <div className="prescription-item__actions">
          <button type="button" className="button button--secondary button--small" onClick={onRemove}>
            {t('prescribe.removeItem', { number })}
          </button>
        </div>
      )}
    </fieldset>
  );
}
