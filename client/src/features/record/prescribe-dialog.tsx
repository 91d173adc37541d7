// Writing a prescription at today's appointment: the appointment's diagnoses for reference,
// one to PRESCRIPTION_ITEMS_MAX medicines (prescription-item-fields.tsx), notes, and Issue. The form
// is checked with the schema the server checks with; a refusal is said in the dialog and everything
// typed stays, so nothing is written twice. Once issued it is never edited, hence the hint.
import { useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PRESCRIPTION_ITEMS_MAX, prescriptionInput, type PrescriptionInput, type PrescriptionItemInput } from '../../../../shared/prescriptions';
import type { ClinicalHistory } from '../../../../shared/record';
import { Modal } from '../../components/modal';
import { TextAreaField } from '../../components/text-area-field';
import { readApiError } from '../../lib/api-error';
import { translateValidation } from '../../lib/translate-error';
import { useFormatters } from '../../lib/use-formatters';
import { DiagnosisList } from './diagnosis-list';
import { PrescriptionItemFields } from './prescription-item-fields';
import { WriteFailure } from './write-failure';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { useSchemaForm } from '../../lib/use-schema-form';

export type PrescriptionToIssue = z.output<typeof prescriptionInput>;

interface PrescribeDialogProps {
  appointment: ClinicalHistory;
  onIssue: (prescription: PrescriptionToIssue) => Promise<unknown>;
  onClose: () => void;
}

const blankItem: PrescriptionItemInput = {
  drug: '',
  strength: '',
  form: '',
  route: '',
  presentation: '',
  packages: '',
  dose: '',
  frequency: '',
  duration: '',
  instructions: '',
};

/** Paths the server may name in its issues ("items.0.drug", "notes"), as the form's fields. */
const isFormPath = (path: string): path is Path<PrescriptionInput> => path === 'notes' || /^items\.\d+\.[a-z]+$/.test(path);

export function PrescribeDialog({ appointment, onIssue, onClose }: PrescribeDialogProps) {
  const { t } = useTranslation(['prescriptions', 'validation']);
  const format = useFormatters();
  const [failure, setFailure] = useState<unknown>(null);
  const fullHintId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const form = useSchemaForm(prescriptionInput, { items: [blankItem], notes: '' });
  const { control, field, handleSubmit, setError, formState: { errors, isSubmitting, isDirty } } = form;
  const items = useFieldArray({ control, name: 'items' });
  const full = items.fields.length >= PRESCRIPTION_ITEMS_MAX;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onIssue(values);
      onClose();
    } catch (error) {
      setFailure(error);
      for (const issue of readApiError(error).issues) if (isFormPath(issue.path)) setError(issue.path, { message: issue.message });
    }
  });

  return (
    <Modal title={t('prescribe.title')} description={t('prescribe.description', { when: format.moment(appointment.date) })} unsaved={isDirty} onClose={onClose}>
      <FormProvider {...form}>
        <form className="prescribe-form" aria-label={t('prescribe.title')} onSubmit={(event) => {
            // The button is only aria-disabled while the call runs, so a second press must not issue twice.
            if (isSubmitting) event.preventDefault();
            else void submit(event);
          }}
          noValidate>
          <WriteFailure error={failure} what="prescribe" />
          <section className="prescribe-form__diagnoses" aria-label={t('prescribe.diagnoses')}>
            <h3 className="prescribe-form__heading">{t('prescribe.diagnoses')}</h3>
            {appointment.diagnoses.length > 0 ? (
              <DiagnosisList diagnoses={appointment.diagnoses} />
            ) : (
              <p className="field__hint">{t('prescribe.noDiagnoses')}</p>
            )}
          </section>
          <h3 className="prescribe-form__heading">{t('prescribe.items')}</h3>
          {items.fields.map((item, index) => (
            <PrescriptionItemFields
              key={item.id}
              index={index}
              onRemove={
                items.fields.length > 1
                  ? () => {
                      items.remove(index);
                      // The button pressed is gone with its item: focus goes where the next one is added.
                      addButton.current?.focus();
                    }
                  : null
              }
            />
          ))}
          {(errors.items?.root ?? errors.items)?.message && (
            <p className="field__error">{translateValidation(t, (errors.items?.root ?? errors.items)?.message)}</p>
          )}
          <div className="prescribe-form__add">
            <button
              ref={addButton}
              type="button"
              className="button button--secondary button--small"
              aria-disabled={full}
              aria-describedby={full ? fullHintId : undefined}
              onClick={() => {
                if (!full) items.append(blankItem, { focusName: `items.${items.fields.length}.drug` });
              }}
            >
              {t('prescribe.addItem')}
            </button>
            {full && (
              <p id={fullHintId} className="field__hint">
                {t('prescribe.itemsFull', { max: PRESCRIPTION_ITEMS_MAX })}
              </p>
            )}
          </div>
          <TextAreaField label={t('prescribe.notes')} {...field('notes')} />
          <p className="item-form__note">
            {t('prescribe.requiredNote')} {t('prescribe.lockedHint')}
          </p>
          <DialogFormActions cancelLabel={t('cancel')} submitLabel={t('prescribe.issue')} pendingLabel={t('prescribe.issuing')} pending={isSubmitting} onCancel={onClose} />
        </form>
      </FormProvider>
    </Modal>
  );
}
