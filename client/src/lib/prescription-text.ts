// A prescription item in the words a pharmacist reads, the same on the record, the patient's
// dashboard and the printed receta: "Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas
// durante 7 días. Caja con 21 — 1 caja". Each field is written as the doctor typed it; only the
// joining words ("durante", "for") and a bare number of packages come from the language.
import type { TFunction } from 'i18next';
import type { PrescriptionItem } from '../../../shared/prescriptions';

const joined = (parts: (string | null | undefined)[], separator: string) => parts.filter((part): part is string => Boolean(part)).join(separator);

/** "Amoxicilina 500 mg, cápsulas, vía oral" */
export const itemHeading = (item: PrescriptionItem) => joined([joined([item.drug, item.strength], ' '), item.form, item.route], ', ');

/** "1 cápsula cada 8 horas durante 7 días" */
export function itemPosology(item: PrescriptionItem, t: TFunction): string {
  const duration = item.duration ? t('receta:sentence.during', { duration: item.duration }) : null;
  return joined([item.dose, item.frequency, duration], ' ');
}

/** "Caja con 21 — 1 caja"; a bare number of packages is counted in the language ("2 envases"). */
export function itemQuantity(item: PrescriptionItem, t: TFunction): string {
  const packages = item.packages && /^\d+$/.test(item.packages) ? t('receta:sentence.packages', { count: Number(item.packages) }) : item.packages;
  return joined([item.presentation, packages], ' — ');
}

/** The whole item as one sentence, instructions last. */
export function itemSentence(item: PrescriptionItem, t: TFunction): string {
  const posology = itemPosology(item, t);
  const quantity = itemQuantity(item, t);
  const first = posology ? `${itemHeading(item)}: ${posology}` : itemHeading(item);
  return joined([first, quantity, item.instructions], '. ');
}
