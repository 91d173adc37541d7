// Each item of a prescription issued at an appointment is a MedicationRequest (an order, intent
// "order") of the appointment's Encounter, grouped by the prescription's number (groupIdentifier):
// active, or cancelled once voided, with the reason as its statusReason and a note. The drug with its
// strength and form is the medication's text; how to take it is the dosage's text, read as one
// sentence, with the route apart. The number of packages is free text ("1 caja"), which a
// SimpleQuantity cannot hold validly, so it is told in the dosage text with the presentation.
// No requester: the export has no Practitioner resources to point at.
import type { Annotation, Encounter, MedicationRequest, Reference } from '@medplum/fhirtypes';
import type { Prescription, PrescriptionItem } from '../../shared/prescriptions';
import { fhirDateTime } from './dates';
import { entryOf, listOf, present, type ExportScope } from './entry';

/** "Amoxicilina 500 mg, cápsulas" */
export function medicationText(item: PrescriptionItem): string {
  const named = [item.drug, item.strength].map(present).filter(Boolean).join(' ');
  return [named, present(item.form)].filter(Boolean).join(', ');
}

/** "1 cápsula, cada 8 horas, durante 7 días. Con alimentos. Caja con 21 — 1 caja" (what was written, in its language). */
export function dosageText(item: PrescriptionItem): string | undefined {
  const taking = [item.dose, item.frequency, item.duration].map(present).filter(Boolean).join(', ');
  const dispensed = [item.presentation, item.packages].map(present).filter(Boolean).join(' — ');
  const sentences = [taking, present(item.instructions), dispensed].filter(Boolean);
  return sentences.length ? sentences.join('. ') : undefined;
}

export function medicationRequestEntries(scope: ExportScope, prescription: Prescription, encounter: Reference<Encounter>) {
  const voidReason = present(prescription.voidReason);
  const notes = listOf<Annotation>(
    present(prescription.notes) ? { text: present(prescription.notes)! } : undefined,
    voidReason ? { text: voidReason, ...(prescription.voidedAt ? { time: fhirDateTime(prescription.voidedAt) } : {}) } : undefined,
  );
  return prescription.items.map((item, index) => {
    const text = dosageText(item);
    const route = present(item.route);
    const dosage = text || route ? [{ ...(text ? { text } : {}), ...(route ? { route: { text: route } } : {}) }] : undefined;
    const request: MedicationRequest = {
      resourceType: 'MedicationRequest',
      status: prescription.voidedAt ? 'cancelled' : 'active',
      ...(prescription.voidedAt && voidReason ? { statusReason: { text: voidReason } } : {}),
      intent: 'order',
      groupIdentifier: { value: prescription.number },
      medicationCodeableConcept: { text: medicationText(item) },
      subject: scope.patient,
      encounter,
      authoredOn: fhirDateTime(prescription.issuedAt),
      ...(dosage ? { dosageInstruction: dosage } : {}),
      ...(notes ? { note: notes } : {}),
    };
    return entryOf(scope.fullUrl('medication-request', `${prescription.idPrescription}/${index + 1}`), request);
  });
}
