// What is kept for good on the record: a prescription is voided only by its author on the
// day of issue, with a reason, and stays shown as void; addenda follow the original note with their
// author, date and time, and are never edited; an appointment holding either is not deleted.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Addendum, Prescription } from '../../../../shared/prescriptions';
import type { PatientDetail } from '../../lib/api-types';
import { fail, ok } from '../../test/fake-trpc-server';
import { addendum, appointment, bareDetail, prescription, prescriptionItem, renderPatientPage, today } from '../../test/record-fixtures';

type Handlers = NonNullable<Parameters<typeof renderPatientPage>[0]>['handlers'];

const me = { idMedic: 3, name: 'Andrés', lname: 'Mora', email: 'andres.mora@example.com', phone: null, whatsapp: null, about: null, specialty: null, licenseNumber: '1234567' };
const year = today.slice(0, 4);

const ownOfToday = prescription({ idPrescription: 1, idHistory: 7, issuedAt: `${today}T09:50`, items: [prescriptionItem('Amoxicilina', { strength: '500 mg' })] });
const anothersOfToday = prescription({
  idPrescription: 2,
  idHistory: 7,
  issuedAt: `${today}T10:05`,
  medic: { idMedic: 5, name: 'Lucía', lname: 'Martínez', specialty: null, licenseNumber: '7654321' },
});
const ownOfThePast = prescription({ idPrescription: 3, idHistory: 4, issuedAt: '2024-11-05T16:20' });

/** `handlers` get the record, to change it as the server would on a write. */
async function openPage(history: PatientDetail['history'], { handlers = () => ({}), language = 'en' }: { handlers?: (detail: PatientDetail) => Handlers; language?: 'en' | 'es' } = {}) {
  const detail: PatientDetail = { ...bareDetail(), history };
  const rendered = renderPatientPage({ detail, language, handlers: { 'medics.patientDetail': () => ok(detail), 'medics.me': () => ok(me), ...handlers(detail) } });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const section = screen.getByRole('region', { name: /Appointment history|Historial de citas/ });
  return { ...rendered, detail, user: userEvent.setup(), section, cards: () => within(section).getAllByRole('article') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('voiding a prescription', () => {
  it.each([
    ['en', 'Void prescription', 'Reason for voiding', 'Enter the reason for voiding it.', 'VOID', 'Reason: Dosis equivocada'],
    ['es', 'Anular la receta', 'Motivo de la anulación', 'Escriba el motivo de la anulación.', 'ANULADA', 'Motivo: Dosis equivocada'],
  ] as const)('lets its author void it that day, only with a reason, and then shows it marked void (%s)', async (language, voidName, reasonLabel, reasonRequired, mark, reasonShown) => {
    const { user, cards, server } = await openPage([appointment({ idHistory: 7, date: `${today}T09:30`, prescriptions: [ownOfToday] })], {
      language,
      handlers: (detail) => ({
        'clinicalHistory.voidPrescription': (input) => {
          const { reason } = input as { reason: string };
          const voided: Prescription = { ...ownOfToday, voidedAt: `${today}T10:30`, voidReason: reason };
          detail.history = [{ ...detail.history[0]!, prescriptions: [voided] }];
          return ok(voided);
        },
      }),
    });
    const card = cards()[0]!;
    await user.click(await within(card).findByRole('button', { name: `${voidName} ${year}-000001` }));
    const dialog = screen.getByRole('dialog', { name: `${voidName} ${year}-000001` });
    const reason = within(dialog).getByLabelText(new RegExp(`^${reasonLabel}`));
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: language === 'en' ? 'Void prescription' : 'Anular receta' }));
    expect(await within(dialog).findByText(reasonRequired)).toBeInTheDocument();
    expect(server.callsTo('clinicalHistory.voidPrescription')).toHaveLength(0);

    await user.type(reason, 'Dosis equivocada');
    await user.click(within(dialog).getByRole('button', { name: language === 'en' ? 'Void prescription' : 'Anular receta' }));
    const listed = within(card).getByRole('list', { name: language === 'en' ? 'Prescriptions' : 'Recetas' });
    expect(await within(listed).findByText(mark)).toBeInTheDocument();
    expect(server.callsTo('clinicalHistory.voidPrescription')[0]!.input).toEqual({ idPrescription: 1, reason: 'Dosis equivocada' });
    expect(listed).toHaveTextContent(reasonShown);
    // Voided once is for good: no second Void, still printable (with its mark).
    expect(within(card).queryByRole('button', { name: new RegExp(voidName) })).not.toBeInTheDocument();
    expect(within(listed).getByRole('link', { name: new RegExp(`${year}-000001`) })).toBeInTheDocument();
  });

  it("says in the dialog why the server refused, keeping the reason typed", async () => {
    const { user, cards } = await openPage([appointment({ idHistory: 7, date: `${today}T09:30`, prescriptions: [ownOfToday] })], {
      handlers: () => ({ 'clinicalHistory.voidPrescription': () => fail('PRESCRIPTION_LOCKED') }),
    });
    await user.click(await within(cards()[0]!).findByRole('button', { name: `Void prescription ${year}-000001` }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason for voiding/), 'Duplicada');
    await user.click(within(dialog).getByRole('button', { name: 'Void prescription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('by the doctor who issued it, on the day it was issued');
    expect(within(dialog).getByLabelText(/^Reason for voiding/)).toHaveValue('Duplicada');
  });

  it("offers no Void on another doctor's prescription, nor on one of an earlier day", async () => {
    const { cards } = await openPage([
      appointment({ idHistory: 7, date: `${today}T09:30`, prescriptions: [ownOfToday, anothersOfToday] }),
      appointment({ idHistory: 4, date: '2024-11-05T16:00', prescriptions: [ownOfThePast] }),
    ]);
    const [ofToday, ofThePast] = cards();
    // Once the doctor's own of today offers Void, the doctor is known: the others are decided.
    expect(await within(ofToday!).findByRole('button', { name: `Void prescription ${year}-000001` })).toBeInTheDocument();
    expect(within(ofToday!).queryByRole('button', { name: `Void prescription ${year}-000002` })).not.toBeInTheDocument();
    expect(within(ofThePast!).queryByRole('button', { name: /^Void/ })).not.toBeInTheDocument();
    expect(within(ofThePast!).getByRole('link', { name: 'Print prescription 2024-000003' })).toHaveAttribute('href', '/medic/patient/11/prescriptions/3/print');
  });
});

describe('addenda', () => {
  it.each([
    ['en', /^Add addendum to the appointment of/, 'Add addendum', /^Addendum text/, 'Enter the addendum text.', /Addendum — November 5, 2024 at 4:20\sPM — Lucía Martínez/, 'Consultation note'],
    ['es', /^Añadir adenda a la cita del/, 'Añadir adenda', /^Texto de la adenda/, 'Escriba el texto de la adenda.', /Adenda — 5 de noviembre de 2024,? a las 16:20 — Lucía Martínez/, 'Nota de la consulta'],
  ] as const)('adds an addendum to a past appointment and shows it after the original note, with author, date and time (%s)', async (language, addName, submitName, textLabel, textRequired, byline, noteName) => {
    const past = appointment({ idHistory: 4, date: '2024-11-05T16:00', motive: 'Control', plan: 'Reposo.', medic: { idMedic: 3, name: 'Andrés', lname: 'Mora' } });
    const earlier = addendum({ idAddendum: 1, at: '2024-11-05T16:10', text: 'Primera adenda.' });
    const { user, cards, server } = await openPage([{ ...past, addenda: [earlier] }], {
      language,
      handlers: (detail) => ({
        'clinicalHistory.addAddendum': (input) => {
          const added: Addendum = { idAddendum: 2, at: '2024-11-05T16:20', medic: { idMedic: 5, name: 'Lucía', lname: 'Martínez' }, text: (input as { text: string }).text };
          detail.history = [{ ...detail.history[0]!, addenda: [...detail.history[0]!.addenda, added] }];
          return ok(added);
        },
      }),
    });
    await user.click(within(cards()[0]!).getByRole('button', { name: addName }));
    const dialog = screen.getByRole('dialog', { name: submitName });
    await user.click(within(dialog).getByRole('button', { name: submitName }));
    expect(await within(dialog).findByText(textRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(textLabel), 'Resultado de laboratorio normal.\nSin cambios en el plan.');
    await user.click(within(dialog).getByRole('button', { name: submitName }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.addAddendum')[0]!.input).toEqual({ idHistory: 4, text: 'Resultado de laboratorio normal.\nSin cambios en el plan.' });

    await user.click(cards()[0]!.querySelector('button')!);
    const note = within(screen.getByRole('dialog')).getByRole('region', { name: noteName });
    const addenda = within(note).getByRole('region', { name: language === 'en' ? 'Addenda' : 'Adendas' });
    const entries = within(addenda).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Primera adenda.');
    expect(entries[1]).toHaveTextContent(byline);
    expect(entries[1]).toHaveTextContent('Resultado de laboratorio normal. Sin cambios en el plan.');
    // After the original note, which stays as it was.
    const original = note.querySelector('dl')!;
    expect(original).toHaveTextContent('Reposo.');
    expect(original.compareDocumentPosition(addenda) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Never edited or deleted.
    expect(within(addenda).queryAllByRole('button')).toHaveLength(0);
  });

  it('keeps the text typed when the addendum is refused, and says why in the dialog', async () => {
    const { user, cards } = await openPage([appointment({ idHistory: 4, date: '2024-11-05T16:00' })], {
      handlers: () => ({ 'clinicalHistory.addAddendum': () => fail('FORBIDDEN') }),
    });
    await user.click(within(cards()[0]!).getByRole('button', { name: /^Add addendum/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Addendum text/), 'Corrección de la dosis.');
    await user.click(within(dialog).getByRole('button', { name: 'Add addendum' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The addendum was not added: You are not allowed to do this.');
    expect(within(dialog).getByLabelText(/^Addendum text/)).toHaveValue('Corrección de la dosis.');
  });
});

describe('deleting an appointment that holds what is kept', () => {
  it('offers Delete neither on the card nor in the details, and says why in both', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, cards, server } = await openPage([appointment({ idHistory: 7, date: `${today}T09:30`, prescriptions: [ownOfToday] })], {
      handlers: () => ({ 'clinicalHistory.remove': () => fail('APPOINTMENT_HAS_PRESCRIPTIONS') }),
    });
    const card = cards()[0]!;
    // Shown once the signed-in medic is known to hold the appointment (medics.me).
    expect(await within(card).findByRole('button', { name: /^Edit appointment of/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Delete appointment of/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('This appointment holds prescriptions or addenda, which are kept for good: it cannot be deleted.');

    await user.click(card.querySelector('button')!);
    const details = screen.getByRole('dialog');
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(details).toHaveTextContent('it cannot be deleted');
    expect(confirm).not.toHaveBeenCalled();
    expect(server.callsTo('clinicalHistory.remove')).toHaveLength(0);
  });
});
