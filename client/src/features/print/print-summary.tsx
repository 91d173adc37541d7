// The printable summary of one record: the emergency essentials first (who, age and birth
// date, sex, blood type, allergies with severity, active conditions, current medications, emergency contacts), then the
// latest vitals, recent appointments (each with its addenda after the note) and the documents. Black on
// white, one column, tables that do not break inside a row (print-summary.css), in the print frame the
// receta shares (print-frame.tsx). On a screen narrower than a table (a phone), the table scrolls
// sideways inside a named box the keyboard reaches (TableScroll) rather than widening the page or
// breaking its words; on paper that box is gone and the table prints whole.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_MEDICATION_DAYS } from '../../../../shared/constants';
import { localMoment } from '../../../../shared/dates';
import type { PrescriptionItem } from '../../../../shared/prescriptions';
import { DataTable } from '../../components/data-table';
import { useFormatters } from '../../lib/use-formatters';
import { bloodTypeOf } from '../../lib/blood-type';
import { ageText, sexText } from '../../lib/age-text';
import { present, vitalFacts } from '../../lib/item-facts';
import { itemPosology, itemQuantity } from '../../lib/prescription-text';
import { PrintFrame } from './print-frame';
import type { PrintableRecord } from './printable-record';
import { usePageMarginTexts } from './use-page-margin-texts';
import './print-summary.css';

interface PrintSummaryProps {
  record: PrintableRecord;
  /** PRACTICE_NAME, or the app's name when the practice has none. */
  practiceName: string;
  printedAt: Date;
  /** The page the summary was opened from. */
  backHref: string;
}

export function PrintSummary({ record, practiceName, printedAt, backHref }: PrintSummaryProps) {
  const { t } = useTranslation(['print', 'record']);
  // The vitals' labels are the record page's own, under its namespace.
  const { t: recordT } = useTranslation('record');
  const format = useFormatters();
  const { patient } = record;
  const fullName = `${patient.name} ${patient.lname}`;
  const printedOn = t('printedOn', { date: format.moment(localMoment(printedAt)) });
  usePageMarginTexts({ practice: practiceName, printedOn, patient: fullName });
  const unknown = t('unknown');

  return (
    <PrintFrame className="print-summary" labelledBy="print-title" backHref={backHref} backLabel={t('back')}>
      <header className="print-summary__masthead">
        <p className="print-summary__issuer">
          <span className="print-summary__practice">{practiceName}</span>
          <span>{printedOn}</span>
        </p>
        <h1 id="print-title" className="print-summary__title">
          {t('title')}: {fullName}
        </h1>
      </header>

      <PrintSection id="print-essentials" title={t('essentials')}>
        <dl className="print-summary__facts">
          <div>
            <dt>{t('name')}</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>{t('age')}</dt>
            <dd>{ageText(t, patient.birthDate) || unknown}</dd>
          </div>
          <div>
            <dt>{t('birthDate')}</dt>
            <dd>{format.day(patient.birthDate) || unknown}</dd>
          </div>
          <div>
            <dt>{t('sex')}</dt>
            <dd>{sexText(t, patient.sex) || unknown}</dd>
          </div>
          <div>
            <dt>{t('bloodType')}</dt>
            <dd className="print-summary__blood">{bloodTypeOf(patient) || unknown}</dd>
          </div>
        </dl>

        <PrintPart id="print-allergies" title={t('allergies')} empty={record.allergies.length === 0 && t('noAllergies')}>
          <Table
            label={t('tables.allergies')}
            headings={[t('record:allergies.name'), t('severity'), t('reaction')]}
            rows={record.allergies.map((allergy) => ({
              key: allergy.idPatientAllergy,
              cells: [allergy.allergyName, allergy.severity ? t(`record:severity.${allergy.severity}`) : unknown, allergy.reaction ?? ''],
            }))}
          />
        </PrintPart>

        <PrintPart id="print-conditions" title={t('conditions')} empty={record.conditions.length === 0 && t('noConditions')}>
          <Table
            label={t('tables.conditions')}
            headings={[t('record:records.condition'), t('status'), t('record:records.diagnosisDate')]}
            rows={record.conditions.map((condition) => ({
              key: condition.idRecord,
              cells: [condition.condition, condition.status ? t(`record:status.${condition.status}`) : '', format.date(condition.diagnosisDate)],
            }))}
          />
        </PrintPart>

        <PrintPart
          id="print-medications"
          title={t('medications')}
          empty={record.medications.length === 0 && t('noMedications', { days: ACTIVE_MEDICATION_DAYS })}
        >
          <p className="print-summary__empty">{t('medicationsScope', { days: ACTIVE_MEDICATION_DAYS })}</p>
          <ul className="print-summary__list">
            {record.medications.map((medication) => {
              const latest = medication.appointments[0];
              return (
                <li key={medication.name}>
                  <strong>{medication.name}</strong>
                  {medication.item && <span>{posologyOf(medication.item, t)}</span>}
                  {latest && <span> — {t('prescribedAt', { motive: latest.motive, date: format.date(latest.date) })}</span>}
                </li>
              );
            })}
          </ul>
        </PrintPart>

        <PrintPart id="print-contacts" title={t('contacts')} empty={record.contacts.length === 0 && t('noContacts')}>
          <Table
            label={t('tables.contacts')}
            headings={[t('record:contacts.name'), t('record:contacts.relationship'), t('record:contacts.phone'), t('record:contacts.email')]}
            rows={record.contacts.map((contact) => ({
              key: contact.idContact,
              cells: [contact.name, contact.relationship ?? '', contact.phone ?? '', contact.email ?? ''],
            }))}
          />
        </PrintPart>
      </PrintSection>

      <PrintSection id="print-vitals" title={t('latestVitals')}>
        {record.latestVitals ? (
          <>
            <p>{t('takenOn', { date: format.date(record.latestVitals.date) })}</p>
            <dl className="print-summary__facts">
              {present(vitalFacts(record.latestVitals, format, recordT)).map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="print-summary__empty">{t('noVitals')}</p>
        )}
      </PrintSection>

      <PrintSection id="print-appointments" title={t('appointments')}>
        {record.appointments.length === 0 ? (
          <p className="print-summary__empty">{t('noAppointments')}</p>
        ) : (
          <DataTable
            label={t('tables.appointments')}
            namedBy="region"
            className="print-summary__table"
            headings={[t('record:appointments.date'), t('record:appointments.motive'), t('record:appointments.medications'), t('status')]}
          >
            {/* One body per appointment, so its addenda stay on the page of its row. */}
            {record.appointments.map((appointment) => (
              <tbody key={appointment.idHistory} className="print-summary__appointment">
                <tr>
                  <td>{format.moment(appointment.date)}</td>
                  <td>{appointment.motive}</td>
                  <td>{appointment.medications.join(', ')}</td>
                  <td>{t(appointment.closed ? 'record:appointments.closed' : 'record:appointments.open')}</td>
                </tr>
                {appointment.addenda.length > 0 && (
                  <tr className="print-summary__addenda">
                    <td colSpan={4}>
                      <ul className="print-summary__list">
                        {appointment.addenda.map((addendum) => (
                          <li key={addendum.idAddendum}>
                            <strong>{t('addendumBy', { date: format.moment(addendum.at), name: `${addendum.medic.name} ${addendum.medic.lname}` })}</strong>{' '}
                            <span className="print-summary__addendum-text">{addendum.text}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                )}
              </tbody>
            ))}
          </DataTable>
        )}
      </PrintSection>

      <PrintSection id="print-documents" title={t('documents')}>
        {record.files.length === 0 ? (
          <p className="print-summary__empty">{t('noDocuments')}</p>
        ) : (
          <Table
            label={t('tables.documents')}
            headings={[t('record:documents.file'), t('type'), t('date'), t('comment')]}
            rows={record.files.map((file) => ({
              key: file.idFile,
              cells: [file.name, t(`record:documents.types.${file.mainType}`), format.date(file.date), file.comment ?? ''],
            }))}
          />
        )}
      </PrintSection>
    </PrintFrame>
  );
}

/** ": 1 cápsula cada 8 horas durante 7 días. Caja con 21 — 1 envase" after an item's heading; '' when it says no more. */
function posologyOf(item: PrescriptionItem, t: TFunction): string {
  const rest = [itemPosology(item, t), itemQuantity(item, t)].filter(Boolean).join('. ');
  return rest ? `: ${rest}` : '';
}

function PrintSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="print-summary__section" aria-labelledby={id}>
      <h2 id={id} className="print-summary__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A part of the essentials: its heading, then its content or the sentence saying there is none. */
function PrintPart({ id, title, empty, children }: { id: string; title: string; empty: string | false; children: ReactNode }) {
  return (
    <section className="print-summary__part" aria-labelledby={id}>
      <h3 id={id} className="print-summary__subheading">
        {title}
      </h3>
      {empty ? <p className="print-summary__empty">{empty}</p> : children}
    </section>
  );
}

/** A table of plain cells, in a box of its own that scrolls when the screen is narrower than it; `label` names that box. */
function Table({ label, headings, rows }: { label: string; headings: string[]; rows: { key: number; cells: string[] }[] }) {
  return (
    <DataTable label={label} namedBy="region" className="print-summary__table" headings={headings}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
