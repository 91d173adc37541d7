// The top of the patient page (SPEC §2 "Header", "Read view", "Edit view"): initials, full name,
// age and sex, blood type and an Edit button; below them the contact data, or the edit form in its place.
// Read-only (emergency access) leaves the Edit button out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon } from '../../components/icons';
import { Avatar } from '../../components/avatar';
import { shownAddress, shownPhone } from '../../lib/stored-defaults';
import { bloodTypeOf } from '../../lib/blood-type';
import { ageAndSexText } from '../../lib/age-text';
import type { PatientDetail } from '../../lib/api-types';
import { FactsList } from './facts-list';
import { PatientEditForm } from './patient-edit-form';

export function PatientSummaryCard({ detail, readOnly = false }: { detail: PatientDetail; readOnly?: boolean }) {
  const { t } = useTranslation('record');
  const [editing, setEditing] = useState(false);
  const { patient } = detail;
  const bloodType = bloodTypeOf(patient);
  const ageAndSex = ageAndSexText(t, patient);
  return (
    <section className="patient-summary card" aria-labelledby="patient-name">
      <header className="patient-summary__header">
        <Avatar name={patient.name} lname={patient.lname} size="lg" />
        <div className="patient-summary__who">
          <h1 id="patient-name" className="page-title">
            {patient.name} {patient.lname}
          </h1>
          {ageAndSex && (
            <p className="patient-summary__age">
              <span className="visually-hidden">{t('demographics.ageAndSex')}: </span>
              {ageAndSex}
            </p>
          )}
          <p className="patient-summary__blood">
            <span className="visually-hidden">{t('patient.bloodType')}: </span>
            {bloodType ? <span className="tag tag--blood">{bloodType}</span> : <span className="tag tag--muted">{t('patient.noBloodType')}</span>}
          </p>
        </div>
        {!editing && !readOnly && (
          <button type="button" className="button button--secondary patient-summary__edit" onClick={() => setEditing(true)}>
            <EditIcon />
            {t('patient.edit')}
          </button>
        )}
      </header>
      {editing && !readOnly ? (
        <PatientEditForm detail={detail} onDone={() => setEditing(false)} />
      ) : (
        <FactsList
          facts={[
            { label: t('patient.email'), value: patient.email },
            { label: t('patient.phone'), value: shownPhone(t, patient.phone) },
            { label: t('patient.address'), value: shownAddress(t, patient.address) },
            { label: t('patient.patientId'), value: patient.idPatient },
          ]}
        />
      )}
    </section>
  );
}
