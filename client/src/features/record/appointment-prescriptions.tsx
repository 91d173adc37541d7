// An appointment's prescriptions as the record shows them: number, when issued, each medicine as the
// one sentence a pharmacist reads (lib/prescription-text.ts, shared with the printed receta), the
// notes, a link to print it and, for its author on the day of issue, Void. A voided one stays, marked
// VOID in words (not by colour alone) with when and why.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Prescription } from '../../../../shared/prescriptions';
import { itemSentence } from '../../lib/prescription-text';
import { useFormatters } from '../../lib/use-formatters';
import { mayVoid } from './kept-writings';

interface AppointmentPrescriptionsProps {
  idPatient: number;
  prescriptions: readonly Prescription[];
  /** The signed-in medic, who may void their own prescriptions of today; null offers no Void. */
  idMedic?: number | null;
  onVoid?: (prescription: Prescription) => void;
  className?: string;
}

export const printPath = (idPatient: number, idPrescription: number) => `/medic/patient/${idPatient}/prescriptions/${idPrescription}/print`;

export function AppointmentPrescriptions({ idPatient, prescriptions, idMedic = null, onVoid, className = '' }: AppointmentPrescriptionsProps) {
  const { t } = useTranslation('prescriptions');
  const format = useFormatters();
  return (
    <ul className={`prescription-list ${className}`.trim()} aria-label={t('list.title')}>
      {prescriptions.map((prescription) => {
        const { idPrescription, number, voidedAt } = prescription;
        return (
          <li key={idPrescription} className={voidedAt ? 'prescription prescription--void' : 'prescription'}>
            <p className="prescription__head">
              <strong>{t('list.number', { number })}</strong> <span className="prescription__when">{t('list.issued', { when: format.date(prescription.issuedAt) })}</span>
              {voidedAt && <span className="tag tag--void">{t('list.voidMark')}</span>}
            </p>
            <ul className="prescription__items">
              {prescription.items.map((item, index) => (
                <li key={index}>{itemSentence(item, t)}</li>
              ))}
            </ul>
            {prescription.notes && <p className="prescription__notes">{t('list.notes', { notes: prescription.notes })}</p>}
            {voidedAt && <p className="prescription__voided">{t('list.voided', { when: format.date(voidedAt), reason: prescription.voidReason ?? '' })}</p>}
            <div className="prescription__actions">
              <Link href={printPath(idPatient, idPrescription)} className="button button--secondary button--small" aria-label={t('list.printLabel', { number })}>
                {t('list.print')}
              </Link>
              {onVoid && mayVoid(prescription, idMedic) && (
                <button type="button" className="button button--danger button--small" aria-label={t('list.voidLabel', { number })} onClick={() => onVoid(prescription)}>
                  {t('list.void')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
