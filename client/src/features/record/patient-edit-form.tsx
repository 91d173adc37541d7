// The patient's edit view (SPEC §2 "Edit view"): contact data and blood type, plus demographics,
// physical data, insurance and lifestyle so a record can be completed. Validated with the server's
// own schema; a failed save keeps what was typed and puts field messages where they belong.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS, BLOOD_RH, SEXES } from '../../../../shared/constants';
import { localDay } from '../../../../shared/dates';
import { BIRTH_DATE_MIN } from '../../../../shared/patients';
import { patientUpdateFields } from '../../../../shared/patient-update';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { translateValidation } from '../../lib/translate-error';
import { useTouchedForm } from '../../lib/use-touched-form';
import type { PatientDetail } from '../../lib/api-types';
import { patientFormValues, patientUpdateOf, type PatientFormValues, type PatientUpdateValues } from './patient-form-values';
import { useRecordMutation } from './use-record-mutation';

type Path = FieldPath<PatientFormValues>;

export function PatientEditForm({ detail, onDone }: { detail: PatientDetail; onDone: () => void }) {
  const { t } = useTranslation(['record', 'validation']);
  const idPatient = detail.patient.idPatient;
  const { register, handleSubmit, setError, reset, getFieldState, formState } = useTouchedForm(
    zodResolver(patientUpdateFields) as unknown as Resolver<PatientFormValues, unknown, PatientUpdateValues>,
    patientFormValues(detail),
  );
  const save = useRecordMutation((client, values: PatientUpdateValues) => client.patients.update.mutate({ idPatient, ...values }), 'save', {
    alsoPatientList: true,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(patientUpdateOf(values));
      onDone();
    } catch (error) {
      for (const issue of readApiError(error).issues) setError(issue.path as Path, { message: issue.message });
    }
  });
  const cancel = () => {
    reset();
    onDone();
  };

  const field = (name: Path, label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} autoComplete="off" error={translateValidation(t, getFieldState(name, formState).error?.message)} {...extra} {...register(name)} />
  );
  const lifestyleField = (habit: string, part: string) =>
    field(`lifestyle.${habit}.${part}` as Path, `${t(`lifestyle.${habit}`)}: ${t(`lifestyle.${part}`).toLocaleLowerCase()}`);
  const notSpecified = { value: '', label: t('notSpecified') };

  return (
    <form className="form patient-edit" aria-label={t('patient.editTitle')} onSubmit={submit} noValidate>
      <fieldset className="form-group">
        <legend className="form__section">{t('patient.contact')}</legend>
        <div className="form__row">
          {field('email', t('patient.email'), { type: 'email', inputMode: 'email', 'data-autofocus': '' })}
          {field('phone', t('patient.phone'), { type: 'tel', inputMode: 'tel' })}
        </div>
        {field('address', t('patient.address'))}
        <div className="form__row">
          <SelectField
            label={t('patient.bloodGroup')}
            options={[notSpecified, ...BLOOD_GROUPS.map((group) => ({ value: group, label: group }))]}
            error={translateValidation(t, getFieldState('bloodGroup', formState).error?.message)}
            {...register('bloodGroup')}
          />
          <SelectField
            label={t('patient.bloodRh')}
            options={[notSpecified, ...BLOOD_RH.map((rh) => ({ value: rh, label: rh === '+' ? t('patient.rhPositive') : t('patient.rhNegative') }))]}
            error={translateValidation(t, getFieldState('bloodRh', formState).error?.message)}
            {...register('bloodRh')}
          />
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend className="form__section">{t('demographics.title')}</legend>
        <div className="form__row">
          {field('birthDate', t('demographics.birthDate'), { type: 'date', min: BIRTH_DATE_MIN, max: localDay(new Date()) })}
          <SelectField
            label={t('demographics.sex')}
            options={[notSpecified, ...SEXES.map((sex) => ({ value: sex, label: t(`common:sexes.${sex}`) }))]}
            error={translateValidation(t, getFieldState('sex', formState).error?.message)}
            {...register('sex')}
          />
        </div>
        <div className="form__row">
          {field('civilStatus', t('demographics.civilStatus'))}
          {field('profession', t('demographics.profession'))}
        </div>
        <div className="form__row">
          {field('religion', t('demographics.religion'))}
          {field('nationality', t('demographics.nationality'))}
        </div>
        <div className="form__row">
          {field('education', t('demographics.education'))}
          {field('documentType', t('demographics.documentType'))}
        </div>
        <div className="form__row">{field('documentNumber', t('demographics.documentNumber'))}</div>
      </fieldset>
      <fieldset className="form-group">
        <legend className="form__section">{t('physical.title')}</legend>
        <div className="form__row">
          {field('weight', `${t('physical.weight')} (kg)`, { type: 'number', inputMode: 'decimal', step: '0.1', min: '0.2', max: '500' })}
          {field('height', `${t('physical.height')} (cm)`, { type: 'number', inputMode: 'numeric', step: '1', min: '20', max: '260' })}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend className="form__section">{t('insurance.title')}</legend>
        <div className="form__row">
          {field('insurance.name', t('insurance.name'))}
          {field('insurance.type', t('insurance.type'))}
        </div>
        <div className="form__row">
          {field('insurance.provider', t('insurance.provider'))}
          {field('insurance.policyNumber', t('insurance.policyNumber'))}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend className="form__section">{t('lifestyle.title')}</legend>
        <div className="form__row form__row--three">
          {lifestyleField('alcohol', 'frequency')}
          {lifestyleField('alcohol', 'quantity')}
          {lifestyleField('alcohol', 'type')}
        </div>
        <div className="form__row form__row--three">
          {lifestyleField('tobacco', 'frequency')}
          {lifestyleField('tobacco', 'quantity')}
          {lifestyleField('tobacco', 'yearsUsing')}
        </div>
        <div className="form__row">
          {lifestyleField('drugs', 'type')}
          {lifestyleField('drugs', 'frequency')}
        </div>
        <div className="form__row form__row--three">
          {lifestyleField('physicalActivity', 'frequency')}
          {lifestyleField('physicalActivity', 'type')}
          {lifestyleField('physicalActivity', 'duration')}
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary" aria-disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('saving') : t('saveChanges')}
        </button>
      </div>
    </form>
  );
}
