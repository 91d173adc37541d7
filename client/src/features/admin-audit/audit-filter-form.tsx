// The audit page's filter: a date range, who acted, whose record (by id or name), what and how it ended. Checked
// with the shared schema and applied only on submit; the page then puts it in the address.
// The action is a family picked from a list or, under "Other", any exact name or dotted prefix.
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES, auditFilterInput, type AuditFilter } from '../../../../shared/admin';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useTouchedForm } from '../../lib/use-touched-form';

/** The families of actions the trail records most, as their dotted prefixes. */
export const ACTION_FAMILIES = [
  'auth',
  'patients',
  'patient',
  'medics',
  'doctors',
  'record',
  'appointment',
  'agenda',
  'prescription',
  'files',
  'emergency',
  'admin',
  'audit',
  'practice',
] as const;

// A family's value ends with a dot, so this one cannot be mistaken for one.
const OTHER = 'other';

interface FilterFields {
  from: string;
  to: string;
  idUser: string;
  idPatient: string;
  patient: string;
  family: string;
  action: string;
  outcome: string;
}

function fieldsOf(filter: AuditFilter): FilterFields {
  const action = filter.action ?? '';
  const family = action === '' || ACTION_FAMILIES.some((name) => `${name}.` === action) ? action : OTHER;
  return {
    from: filter.from ?? '',
    to: filter.to ?? '',
    idUser: filter.idUser === undefined ? '' : String(filter.idUser),
    idPatient: filter.idPatient === undefined ? '' : String(filter.idPatient),
    patient: filter.patient ?? '',
    family,
    action: family === OTHER ? action : '',
    outcome: filter.outcome ?? '',
  };
}

const checkFilter = zodResolver(auditFilterInput);

/** The shared schema sees one `action`: the family picked, or the name typed under "Other". */
const filterResolver: Resolver<FilterFields, unknown, AuditFilter> = (values, context, options) =>
  checkFilter({ ...values, action: values.family === OTHER ? values.action : values.family }, context, options as never) as ReturnType<
    Resolver<FilterFields, unknown, AuditFilter>
  >;

interface AuditFilterFormProps {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
  onClear: () => void;
}

export function AuditFilterForm({ filter, onApply, onClear }: AuditFilterFormProps) {
  const { t } = useTranslation(['audit', 'validation']);
  const { register, field, handleSubmit, control } = useTouchedForm(filterResolver, fieldsOf(filter));
  const family = useWatch({ control, name: 'family' });

  return (
    <form className="form audit-filters" onSubmit={handleSubmit(onApply)} noValidate aria-label={t('filters.title')}>
      <div className="audit-filters__fields">
        <TextField label={t('filters.from')} type="date" {...field('from')} />
        <TextField label={t('filters.to')} type="date" {...field('to')} />
        <TextField label={t('filters.idUser')} inputMode="numeric" autoComplete="off" {...field('idUser')} />
        <TextField label={t('filters.idPatient')} inputMode="numeric" autoComplete="off" {...field('idPatient')} />
        <TextField label={t('filters.patient')} autoComplete="off" spellCheck={false} {...field('patient')} />
        <SelectField
          label={t('filters.action')}
          options={[
            { value: '', label: t('filters.any') },
            ...ACTION_FAMILIES.map((name) => ({ value: `${name}.`, label: t(`families.${name}`) })),
            { value: OTHER, label: t('filters.other') },
          ]}
          {...register('family')}
        />
        {family === OTHER && (
          <TextField label={t('filters.actionOther')} hint={t('filters.actionOtherHint')} autoComplete="off" spellCheck={false} {...field('action')} />
        )}
        <SelectField
          label={t('filters.outcome')}
          options={[{ value: '', label: t('filters.any') }, ...AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) }))]}
          {...field('outcome')}
        />
      </div>
      <div className="form__actions audit-filters__actions">
        <button type="submit" className="button button--primary">
          {t('filters.apply')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClear}>
          {t('filters.clear')}
        </button>
      </div>
    </form>
  );
}
