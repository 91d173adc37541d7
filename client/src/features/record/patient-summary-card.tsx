// The top of the patient page (SPEC §2 "Header", "Read view", "Edit view"): initials,
// full name and blood type with the record's actions beside them; then the edit form when editing;
// then what the page puts first (the clinical summary); the contact data last, as it is the least
// urgent. The page decides when the form shows, since its Edit button lives in the record's toolbar.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { shownAddress, shownPhone } from '../../lib/stored-defaults';
import { bloodTypeOf } from '../../lib/blood-type';
import type { PatientDetail } from '../../lib/api-types';
import { FactsList } from './facts-list';
import { PatientEditForm } from './patient-edit-form';

interface PatientSummaryCardProps {
  detail: PatientDetail;
  editing: boolean;
  onEditDone: () => void;
  /** The record's toolbar, beside the name. */
  actions: ReactNode;
  /** What comes right after the name: the clinical summary. */
  children?: ReactNode;
}

export function PatientSummaryCard({ detail, editing, onEditDone, actions, children }: PatientSummaryCardProps) {
  const { t } = useTranslation('record');
  const formArea = useRef<HTMLDivElement>(null);
  const { patient } = detail;
  const bloodType = bloodTypeOf(patient);
  // The Edit button stays in the toolbar, so focus goes to the form's first field, where typing starts.
  useEffect(() => {
    if (editing) formArea.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [editing]);
  return (
    <section className="patient-summary card" aria-labelledby="patient-name">
      <header className="patient-summary__header">
        <Avatar name={patient.name} lname={patient.lname} size="lg" />
        <div className="patient-summary__who">
          <h1 id="patient-name" className="page-title">
            {patient.name} {patient.lname}
          </h1>
          <p className="patient-summary__blood">
            <span className="visually-hidden">{t('patient.bloodType')}: </span>
            {bloodType ? <span className="tag tag--blood">{bloodType}</span> : <span className="tag tag--muted">{t('patient.noBloodType')}</span>}
          </p>
        </div>
        {actions}
      </header>
      {editing && (
        <div ref={formArea}>
          <PatientEditForm detail={detail} onDone={onEditDone} />
        </div>
      )}
      {children}
      {!editing && (
        <section className="patient-summary__contact" aria-labelledby="patient-contact-title">
          <h2 id="patient-contact-title" className="patient-summary__subtitle">
            {t('patient.contactTitle')}
          </h2>
          <FactsList
            facts={[
              { label: t('patient.email'), value: patient.email },
              { label: t('patient.phone'), value: shownPhone(t, patient.phone) },
              { label: t('patient.address'), value: shownAddress(t, patient.address) },
              { label: t('patient.patientId'), value: patient.idPatient },
            ]}
          />
        </section>
      )}
    </section>
  );
}
