// Adding an addendum to an appointment's note, on any day (NOM-004-SSA3-2012: a note is
// never altered afterwards, only amended by a dated, signed addendum). The addendum cannot be edited
// or deleted once added, which the hint says before it is.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDENDUM_MAX, addendumInput } from '../../../../shared/prescriptions';
import type { ClinicalHistory } from '../../../../shared/record';
import { Modal } from '../../components/modal';
import { TextAreaField } from '../../components/text-area-field';
import { useFormatters } from '../../lib/use-formatters';
import { WriteFailure } from './write-failure';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { useSchemaForm } from '../../lib/use-schema-form';

interface AddendumDialogProps {
  appointment: ClinicalHistory;
  onAdd: (text: string) => Promise<unknown>;
  onClose: () => void;
}

export function AddendumDialog({ appointment, onAdd, onClose }: AddendumDialogProps) {
  const { t } = useTranslation(['prescriptions', 'validation']);
  const format = useFormatters();
  const [failure, setFailure] = useState<unknown>(null);
  const { field, handleSubmit, formState: { isSubmitting, isDirty } } = useSchemaForm(addendumInput, { text: '' });
  const submit = handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      await onAdd(text);
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Modal title={t('addenda.formTitle')} description={t('addenda.description', { when: format.moment(appointment.date) })} unsaved={isDirty} onClose={onClose}>
      <form
        className="item-form"
        aria-label={t('addenda.formTitle')}
        onSubmit={(event) => {
          if (isSubmitting) event.preventDefault();
          else void submit(event);
        }}
        noValidate
      >
        <WriteFailure error={failure} what="addendum" />
        <TextAreaField
          label={
            <>
              {t('addenda.text')}
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            </>
          }
          hint={t('addenda.hint', { max: new Intl.NumberFormat(format.language).format(ADDENDUM_MAX) })}
          rows={6}
          aria-required
          data-autofocus
          {...field('text')}
        />
        <DialogFormActions cancelLabel={t('cancel')} submitLabel={t('addenda.submit')} pendingLabel={t('addenda.submitting')} pending={isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
