// The create-patient modal (SPEC §2, §5): the same zod schema as the server, errors only once a
// field was touched (or the form submitted). A failure keeps the form as typed and says why inside the dialog, where the
// user's attention (and a screen reader's, behind aria-modal) is; success closes it, says so and
// reloads the list.
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS, BLOOD_RH } from '../../../../shared/constants';
import { createPatientAccountInput } from '../../../../shared/patients';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { Modal } from '../../components/modal';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toasts';
import { showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';

const fieldNames = ['name', 'lname', 'email', 'password', 'phone', 'address', 'weight', 'height', 'bloodGroup', 'bloodRh'] as const;

export function CreatePatientModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
  const {
    field,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useSchemaForm(createPatientAccountInput, { name: '', lname: '', email: '', password: '', phone: '', address: '', weight: '', height: '', bloodGroup: '', bloodRh: '' });
  const create = trpc.patients.create.useMutation({
    onSuccess: () => {
      void utils.medics.patientPage.invalidate();
      toast.success(t('create.success'));
      onClose();
    },
    onError: (error) => showFieldIssues(error, fieldNames, setError),
  });

  const onSubmit = handleSubmit((values) => {
    if (!create.isPending) create.mutate(values);
  });
  const notSpecified = { value: '', label: t('create.notSpecified') };

  return (
    <Modal title={t('create.title')} description={t('create.intro')} unsaved={isDirty} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFailure error={create.error} title={t('create.failed')} fallbackKey="patients:errors.network" />
        <div className="form__row">
          <TextField label={t('create.name')} autoComplete="off" data-autofocus {...field('name')} />
          <TextField label={t('create.lname')} autoComplete="off" {...field('lname')} />
        </div>
        <div className="form__row">
          <TextField label={t('create.email')} type="email" inputMode="email" autoComplete="off" {...field('email')} />
          <SecretField label={t('create.password')} hint={t('create.passwordHint')} kind="newPassword" {...field('password')} />
        </div>
        <h3 className="form__section">{t('create.health')}</h3>
        <div className="form__row">
          <TextField label={t('create.phone')} type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
          <TextField label={t('create.address')} autoComplete="off" {...field('address')} />
        </div>
        <div className="form__row">
          <TextField label={t('create.weight')} type="number" inputMode="decimal" step="0.1" min="0.2" max="500" {...field('weight')} />
          <TextField label={t('create.height')} type="number" inputMode="numeric" step="1" min="20" max="260" {...field('height')} />
        </div>
        <div className="form__row">
          <SelectField
            label={t('create.bloodGroup')}
            options={[notSpecified, ...BLOOD_GROUPS.map((group) => ({ value: group, label: group }))]}
            {...field('bloodGroup')}
          />
          <SelectField
            label={t('create.bloodRh')}
            options={[
              notSpecified,
              ...BLOOD_RH.map((rh) => ({ value: rh, label: rh === '+' ? t('create.rhPositive') : t('create.rhNegative') })),
            ]}
            {...field('bloodRh')}
          />
        </div>
        <DialogFormActions cancelLabel={t('create.cancel')} submitLabel={t('create.submit')} pendingLabel={t('create.submitting')} pending={create.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
