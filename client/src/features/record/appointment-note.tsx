// An appointment's consultation note as it is read, in the order of NOM-004-SSA3-2012's nota de
// evolución (6.2): reason, history of the present illness, physical examination, the vital signs
// taken that day (when there are any), diagnoses with their codes, plan and prognosis, under a line
// naming its author, date and time (every note dated, timed and named by whoever wrote it), and when
// it was written after its day, that it is a late entry and when it was written. Then the
// prescriptions issued at it, and last every addendum written since, each under its own date and
// author, so the original stays in view as it was written.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicalHistory, Vital } from '../../../../shared/record';
import { present, vitalFacts } from '../../lib/item-facts';
import { hasTime, useFormatters } from '../../lib/use-formatters';
import { AppointmentAddenda } from './appointment-addenda';
import { AppointmentPrescriptions } from './appointment-prescriptions';
import { DiagnosisList } from './diagnosis-list';

interface AppointmentNoteProps {
  appointment: ClinicalHistory;
  /** The record's vital signs; those of the appointment's day are shown. */
  vitals: readonly Vital[];
}

/**
 * The readings recorded at this consultation, earliest first, as the visit went. A reading recorded
 * later, even on the same day, is an entry of its own and never shown inside the note.
 */
export const vitalsOfConsultation = (vitals: readonly Vital[], idHistory: number) =>
  vitals.filter((vital) => vital.idHistory === idHistory).sort((a, b) => a.date.localeCompare(b.date));

export function AppointmentNote({ appointment, vitals }: AppointmentNoteProps) {
  const { t } = useTranslation('record');
  const { t: tCommon } = useTranslation('common');
  const { t: tPrescriptions } = useTranslation('prescriptions');
  const format = useFormatters();
  const readings = vitalsOfConsultation(vitals, appointment.idHistory);
  const author = appointment.medic ? `${appointment.medic.name} ${appointment.medic.lname}` : t('appointments.unknownAuthor');
  const missing = <span className="details__missing">{tCommon('notAvailable')}</span>;
  const text = (value: string | null) => (value ? <span className="appointment-note__text">{value}</span> : missing);

  const sections: { key: string; label: string; value: ReactNode }[] = [
    { key: 'motive', label: t('appointments.motive'), value: text(appointment.motive) },
    { key: 'subjective', label: t('appointments.subjective'), value: text(appointment.subjective) },
    { key: 'exploration', label: t('appointments.exploration'), value: text(appointment.exploration) },
    ...(readings.length > 0
      ? [
          {
            key: 'vitals',
            label: t('appointments.vitalsOfVisit'),
            value: (
              <ul className="appointment-note__list">
                {readings.map((reading) => (
                  <li key={reading.idVital}>
                    {hasTime(reading.date) && <strong>{format.time(reading.date.slice(11, 16))}: </strong>}
                    {present(vitalFacts(reading, format, t))
                      .map((fact) => `${fact.label} ${fact.value}`)
                      .join(' · ')}
                  </li>
                ))}
              </ul>
            ),
          },
        ]
      : []),
    {
      key: 'diagnoses',
      label: t('appointments.diagnoses'),
      value: appointment.diagnoses.length > 0 ? <DiagnosisList diagnoses={appointment.diagnoses} /> : missing,
    },
    { key: 'plan', label: t('appointments.plan'), value: text(appointment.plan) },
    { key: 'prognosis', label: t('appointments.prognosis'), value: text(appointment.prognosis) },
  ];

  return (
    <section className="appointment-note" aria-label={t('appointments.note')}>
      <p className="appointment-note__byline">{t('appointments.byline', { when: format.moment(appointment.date), author })}</p>
      {/* Written after its day (NOM-004: every note dated as written): said, never passed off as of its day. */}
      {appointment.lateEntry && <p className="appointment-note__late">{t('appointments.lateEntry', { when: format.moment(appointment.writtenAt) })}</p>}
      <dl className="appointment-note__sections">
        {sections.map((section) => (
          <div key={section.key} className="appointment-note__section">
            <dt>{section.label}</dt>
            <dd>{section.value}</dd>
          </div>
        ))}
      </dl>
      {appointment.prescriptions.length > 0 && (
        <div className="appointment-note__prescriptions">
          <h3 className="appointment-addenda__title">{tPrescriptions('list.title')}</h3>
          <AppointmentPrescriptions idPatient={appointment.idPatient} prescriptions={appointment.prescriptions} />
        </div>
      )}
      <AppointmentAddenda addenda={appointment.addenda} />
    </section>
  );
}
