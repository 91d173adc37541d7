// "Practice": the name, address, city and phone every printed prescription carries in its header
// (API.md "The clinical day": Practice; Mexico's Reglamento de Insumos para la Salud asks for the
// prescriber's address), and the practice's sign-in rule: whether medics must have a second factor
//. Read from practice.details, saved with admin.updatePractice; a blank field is cleared,
// and a blank name falls back to PRACTICE_NAME. A failed save keeps what was typed.
import { useTranslation } from 'react-i18next';
import { practiceInput, type PracticeSettings } from '../../../../shared/prescriptions';
import { CheckboxField } from '../../components/checkbox-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toasts';
import { showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { LoadFailed } from '../../components/load-failed';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CardSection } from '../../components/card-section';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

const fieldNames = ['name', 'address', 'city', 'phone', 'requireTwoFactorForMedics'] as const;

const formValues = (practice: PracticeSettings) => ({
  name: practice.name,
  address: practice.address ?? '',
  city: practice.city ?? '',
  phone: practice.phone ?? '',
  requireTwoFactorForMedics: practice.requireTwoFactorForMedics,
});

function PracticeDetailsForm({ practice }: { practice: PracticeSettings }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const utils = trpc.useUtils();
  const { field, handleSubmit, setError, reset } = useSchemaForm(practiceInput, formValues(practice));
  const save = trpc.admin.updatePractice.useMutation({
    onError: (error) => showFieldIssues(error, fieldNames, setError),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        utils.practice.details.setData(undefined, saved);
        // Printed summaries name the practice in their header (practice.info).
        void utils.practice.info.invalidate();
        reset(formValues(saved));
        toast.success(t('practice.saved'));
      },
    }),
  );

  return (
    <form className="form practice-form" onSubmit={onSubmit} noValidate>
      <FormFailure error={save.error} title={t('practice.failed')} fallbackKey="admin:network" />
      <TextField label={t('practice.name')} hint={t('practice.nameHint')} autoComplete="organization" {...field('name')} />
      <TextField label={t('practice.address')} autoComplete="street-address" {...field('address')} />
      <div className="form__row">
        <TextField label={t('practice.city')} autoComplete="address-level2" {...field('city')} />
        <TextField label={t('practice.phone')} type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <h3 className="form__section">{t('practice.securityHeading')}</h3>
      <CheckboxField label={t('practice.requireTwoFactor')} hint={t('practice.requireTwoFactorHint')} {...field('requireTwoFactorForMedics')} />
      <div className="form__actions">
        <SubmitButton label={t('practice.save')} pendingLabel={t('practice.saving')} pending={save.isPending} />
      </div>
    </form>
  );
}

export function PracticeForm() {
  const { t } = useTranslation('admin');
  const details = trpc.practice.details.useQuery();

  return (
    <CardSection title={t('practice.title')} intro={t('practice.intro')}>
      {details.isPending ? (
        <Spinner />
      ) : details.isError ? (
        <LoadFailed message={t('practice.loadFailed')} reason={translateApiError(t, details.error, 'admin:network')} retryLabel={t('retry')} onRetry={() => void details.refetch()} />
      ) : (
        <PracticeDetailsForm practice={details.data} />
      )}
    </CardSection>
  );
}
