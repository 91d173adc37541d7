// The receta as it is printed, in the language chosen for it, which may not be
// the interface's: what Mexico's Reglamento de Insumos para la Salud (arts. 29–30) and Spain's RD
// 1718/2010 (art. 3) ask of it together. The practice, the prescriber (name, specialty, cédula or
// número de colegiado), the patient (name, age on the day of issue, year of birth, identity
// document), the date, time and number, the diagnoses, each item in the words a pharmacist reads
// (lib/prescription-text.ts), the notes and a line to sign on. A voided one says so across the page.
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/constants';
import type { Prescription } from '../../../../shared/prescriptions';
import { Spinner } from '../../components/spinner';
import { ageText } from '../../lib/age-text';
import { itemHeading, itemPosology, itemQuantity } from '../../lib/prescription-text';
import { formatters } from '../../lib/use-formatters';

export const RECETA_TITLE_ID = 'receta-title';

export function PrintedReceta({ prescription, language }: { prescription: Prescription; language: Language }) {
  // Not suspending: the other language loads the first time it is chosen, and the toolbar stays.
  const { t, ready } = useTranslation(['receta', 'common'], { lng: language, useSuspense: false });
  const format = useMemo(() => formatters(language), [language]);
  if (!ready) return <Spinner />;

  const { practice, medic, patient } = prescription;
  const doctor = `${medic.name} ${medic.lname}`;
  const license = t('license', { license: medic.licenseNumber });
  const none = t('notRecorded');
  const age = ageText(t, patient.birthDate, prescription.issuedAt.slice(0, 10));
  const cityAndPhone = [practice.city, practice.phone && t('practicePhone', { phone: practice.phone })].filter(Boolean).join(' · ');

  return (
    <>
      {prescription.voidedAt && (
        <div className="receta__void">
          <p className="receta__void-mark">{t('void.mark')}</p>
          <p className="receta__void-note">
            {t('void.since', { date: format.moment(prescription.voidedAt) })} {prescription.voidReason && t('void.reason', { reason: prescription.voidReason })}
          </p>
        </div>
      )}

      <header className="receta__letterhead">
        <div className="receta__practice">
          <p className="receta__practice-name">{practice.name}</p>
          {practice.address && <p>{practice.address}</p>}
          {cityAndPhone && <p>{cityAndPhone}</p>}
        </div>
        <div className="receta__prescriber">
          <p className="receta__doctor">{doctor}</p>
          {medic.specialty && <p>{medic.specialty}</p>}
          <p>{license}</p>
        </div>
      </header>

      <h1 id={RECETA_TITLE_ID} className="receta__title">
        {t('title')}
      </h1>

      <dl className="receta__facts">
        <Fact label={t('number')} value={prescription.number} wide />
        <Fact label={t('issuedAt')} value={format.moment(prescription.issuedAt)} wide />
        <Fact label={t('patient')} value={`${patient.name} ${patient.lname}`} wide />
        <Fact label={t('age')} value={age || none} />
        <Fact label={t('birthYear')} value={patient.birthDate?.slice(0, 4) ?? none} />
        <Fact label={t('document')} value={patient.documentNumber ?? none} />
      </dl>

      {prescription.diagnoses.length > 0 && (
        <section className="receta__part" aria-labelledby="receta-diagnoses">
          <h2 id="receta-diagnoses" className="receta__heading">
            {t('diagnoses')}
          </h2>
          <ul className="receta__diagnoses">
            {prescription.diagnoses.map((diagnosis) => (
              <li key={diagnosis.code}>
                <span className="receta__code">{diagnosis.code}</span> {diagnosis.name}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="receta__part" aria-labelledby="receta-items">
        <h2 id="receta-items" className="receta__heading receta__rx">
          <span aria-hidden="true">{t('items')}</span>
          <span className="visually-hidden">{t('itemsLabel')}</span>
        </h2>
        <ol className="receta__items">
          {prescription.items.map((item, index) => (
            <RecetaItem key={index} item={item} t={t} />
          ))}
        </ol>
      </section>

      {prescription.notes && (
        <section className="receta__part" aria-labelledby="receta-notes">
          <h2 id="receta-notes" className="receta__heading">
            {t('notes')}
          </h2>
          <p className="receta__notes">{prescription.notes}</p>
        </section>
      )}

      <footer className="receta__signature">
        <span className="receta__signature-line" aria-hidden="true" />
        <p className="receta__doctor">{doctor}</p>
        <p>{license}</p>
        <p className="receta__signature-label">{t('signature')}</p>
      </footer>
    </>
  );
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'receta__fact receta__fact--wide' : 'receta__fact'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RecetaItem({ item, t }: { item: Prescription['items'][number]; t: TFunction }) {
  const posology = itemPosology(item, t);
  const quantity = itemQuantity(item, t);
  return (
    <li className="receta__item">
      <p className="receta__item-heading">
        <strong>{itemHeading(item)}</strong>
      </p>
      {posology && <p>{posology}</p>}
      {quantity && <p>{quantity}</p>}
      {item.instructions && <p className="receta__item-instructions">{item.instructions}</p>}
    </li>
  );
}
