// A medic's own profile (API.md medics.updateMe): the name and contact details the header and their
// patients' doctor cards show, and the specialty and licence number every prescription prints (a
// prescription cannot be issued without the licence number). Blank optional fields are cleared; a
// failed save keeps what was typed and puts field messages where they belong.
import { useTranslation } from 'react-i18next';
import { medicProfileInput } from '../../../../shared/patients';
import type { Doctor } from '../../lib/api-types';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toasts';
import { showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { useUpdateSessionUser } from './use-update-session-user';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

const fieldNames = ['name', 'lname', 'phone', 'address', 'whatsapp', 'about', 'specialty', 'licenseNumber'] as const;

interface MedicProfileFormProps {
  doctor: Doctor;
  /** Not on the doctor card: it comes from the signed-in user. */
  address: string | null;
}

const formValues = (doctor: Doctor, address: string | null) => ({
  name: doctor.name,
  lname: doctor.lname,
  phone: doctor.phone ?? '',
  address: address ?? '',
  whatsapp: doctor.whatsapp ?? '',
  about: doctor.about ?? '',
  specialty: doctor.specialty ?? '',
  licenseNumber: doctor.licenseNumber ?? '',
});

export function MedicProfileForm({ doctor, address }: MedicProfileFormProps) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const utils = trpc.useUtils();
  const updateSessionUser = useUpdateSessionUser();
  const { field, handleSubmit, setError, reset } = useSchemaForm(medicProfileInput, formValues(doctor, address));
  const save = trpc.medics.updateMe.useMutation({
    onError: (error) => showFieldIssues(error, fieldNames, setError),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        const savedAddress = values.address ?? null;
        utils.medics.me.setData(undefined, saved);
        // The header and the user menu read the stored user: they show the new name at once.
        updateSessionUser({ name: saved.name, lname: saved.lname, phone: saved.phone, address: savedAddress });
        // Records already read name this medic on their appointments: the server answers the new
        // name (migration 0012), so the ones held here are read again when next shown.
        void utils.medics.patientDetail.invalidate();
        reset(formValues(saved, savedAddress));
        toast.success(t('profile.success'));
      },
    }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFailure error={save.error} title={t('profile.failed')} fallbackKey="account:network" />
      <div className="form__row">
        <TextField label={t('profile.name')} autoComplete="given-name" {...field('name')} />
        <TextField label={t('profile.lname')} autoComplete="family-name" {...field('lname')} />
      </div>
      <div className="form__row">
        <TextField label={t('profile.phone')} type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
        <TextField label={t('profile.whatsapp')} type="tel" inputMode="tel" autoComplete="off" {...field('whatsapp')} />
      </div>
      <TextField label={t('profile.address')} autoComplete="street-address" {...field('address')} />
      <div className="form__row">
        <TextField label={t('profile.specialty')} hint={t('profile.specialtyHint')} autoComplete="off" {...field('specialty')} />
        <TextField label={t('profile.licenseNumber')} hint={t('profile.licenseNumberHint')} autoComplete="off" spellCheck={false} {...field('licenseNumber')} />
      </div>
      <TextAreaField label={t('profile.about')} hint={t('profile.aboutHint')} rows={4} {...field('about')} />
      <div className="form__actions">
        <SubmitButton label={t('profile.submit')} pendingLabel={t('profile.submitting')} pending={save.isPending} />
      </div>
    </form>
  );
}
