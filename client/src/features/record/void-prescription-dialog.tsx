// Voiding a prescription: only its author, on the day it was issued, and only with a
// reason, since the voided prescription stays in the record for good with that reason beside it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { voidPrescriptionInput, type Prescription } from '../../../../shared/prescriptions';
import { Modal } from '../../components/modal';
import { TextAreaField } from '../../components/text-area-field';
import { WriteFailure } from './write-failure';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { useSchemaForm } from '../../lib/use-schema-form';

interface VoidPrescriptionDialogProps {
  prescription: Prescription;
  onVoid: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

export function VoidPrescriptionDialog({ prescription, onVoid, onClose }: VoidPrescriptionDialogProps) {
  const { t } = useTranslation(['prescriptions', 'validation']);
  const [failure, setFailure] = useState<unknown>(null);
  const { field, handleSubmit, formState: { isSubmitting, isDirty } } = useSchemaForm(voidPrescriptionInput, { reason: '' });
  const title = t('void.title', { number: prescription.number });
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onVoid(reason);
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Modal title={title} description={t('void.description')} unsaved={isDirty} onClose={onClose}>
      <form
        className="item-form"
        aria-label={title}
        onSubmit={(event) => {
          if (isSubmitting) event.preventDefault();
          else void submit(event);
        }}
        noValidate
      >
        <WriteFailure error={failure} what="void" />
        <TextAreaField
          label={
            <>
              {t('void.reason')}
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            </>
          }
          aria-required
          data-autofocus
          {...field('reason')}
        />
        <DialogFormActions cancelLabel={t('cancel')} submitLabel={t('void.submit')} pendingLabel={t('void.submitting')} pending={isSubmitting} onCancel={onClose} danger />
      </form>
    </Modal>
  );
}
