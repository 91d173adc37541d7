// Prescribing at today's appointment: the dialog with the appointment's diagnoses, one or
// more medicines, drugs suggested from the practice's earlier prescriptions, and the server's refusals
// said in the dialog without losing what was typed. The issued prescription shows on the card.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Prescription } from '../../../../shared/prescriptions';
import type { PatientDetail } from '../../lib/api-types';
import { fail, ok } from '../../test/fake-trpc-server';
import { appointment, bareDetail, prescription, renderPatientPage, today } from '../../test/record-fixtures';

const todays = appointment({
  idHistory: 7,
  date: `${today}T09:30`,
  motive: 'Faringitis',
  diagnoses: [{ code: 'J02.9', name: 'Faringitis aguda, no especificada' }],
  diagnosisIds: ['J02.9'],
});

type Handlers = NonNullable<Parameters<typeof renderPatientPage>[0]>['handlers'];

/** `handlers` get the record, to change it as the server would on a write. */
async function openPage({
  history = [todays],
  handlers = () => ({}),
  language = 'en',
}: { history?: PatientDetail['history']; handlers?: (detail: PatientDetail) => Handlers; language?: 'en' | 'es' } = {}) {
  // The record as the server holds it: writes below change it, and the reload reads it back.
  const detail: PatientDetail = { ...bareDetail(), history };
  const rendered = renderPatientPage({
    detail,
    language,
    handlers: { 'medics.patientDetail': () => ok(detail), 'medics.prescribedDrugs': () => ok([]), ...handlers(detail) },
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const section = screen.getByRole('region', { name: /Appointment history|Historial de citas/ });
  return { ...rendered, detail, user: userEvent.setup(), section };
}

describe('prescribing at the appointment', () => {
  it('issues a prescription of two medicines with notes, sends exactly what was typed and lists it on the card', async () => {
    const { user, section, server } = await openPage({
      handlers: (detail) => ({
        'clinicalHistory.prescribe': (input) => {
          const { items, notes } = input as Pick<Prescription, 'items' | 'notes'>;
          const issued = prescription({ idPrescription: 1, idHistory: 7, issuedAt: `${today}T09:50`, items, notes: notes ?? null });
          detail.history = [{ ...detail.history[0]!, prescriptions: [issued] }];
          return ok(issued);
        },
      }),
    });
    const card = within(section).getAllByRole('article')[0]!;
    await user.click(within(card).getByRole('button', { name: /^Prescribe at the appointment of/ }));
    const dialog = screen.getByRole('dialog', { name: 'New prescription' });
    expect(within(dialog).getByRole('region', { name: 'Diagnoses of the appointment' })).toHaveTextContent('J02.9 Faringitis aguda, no especificada');
    // Focus starts on the first medicine, ready to type.
    expect(within(dialog).getByRole('combobox', { name: /^Medicine/ })).toHaveFocus();

    const first = within(dialog).getByRole('group', { name: 'Medicine 1' });
    await user.type(within(first).getByRole('combobox', { name: /^Medicine/ }), 'Amoxicilina');
    await user.type(within(first).getByLabelText('Strength'), '500 mg');
    await user.type(within(first).getByLabelText('Dosage form'), 'cápsulas');
    await user.type(within(first).getByLabelText('Route'), 'vía oral');
    await user.type(within(first).getByLabelText('Dose'), '1 cápsula');
    await user.type(within(first).getByLabelText('Frequency'), 'cada 8 horas');
    await user.type(within(first).getByLabelText('Duration'), '7 días');
    await user.click(within(dialog).getByRole('button', { name: 'Add medicine' }));
    const second = within(dialog).getByRole('group', { name: 'Medicine 2' });
    expect(within(second).getByRole('combobox', { name: /^Medicine/ })).toHaveFocus();
    await user.type(within(second).getByRole('combobox', { name: /^Medicine/ }), 'Paracetamol');
    await user.type(within(second).getByLabelText('Presentation'), 'Caja con 10 tabletas');
    await user.type(within(second).getByLabelText('Number of packages'), '1');
    await user.type(within(second).getByLabelText('Instructions'), 'Si hay fiebre');
    // A third started by mistake goes away again, and focus stays in the form.
    await user.click(within(dialog).getByRole('button', { name: 'Add medicine' }));
    await user.type(within(within(dialog).getByRole('group', { name: 'Medicine 3' })).getByRole('combobox'), 'Ibuprofeno');
    await user.click(within(dialog).getByRole('button', { name: 'Remove medicine 3' }));
    expect(within(dialog).queryByRole('group', { name: 'Medicine 3' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add medicine' })).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Notes'), 'Volver si no mejora');
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));

    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.prescribe')).toHaveLength(1);
    expect(server.callsTo('clinicalHistory.prescribe')[0]!.input).toEqual({
      idHistory: 7,
      items: [
        { drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'vía oral', presentation: null, packages: null, dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: null },
        { drug: 'Paracetamol', strength: null, form: null, route: null, presentation: 'Caja con 10 tabletas', packages: '1', dose: null, frequency: null, duration: null, instructions: 'Si hay fiebre' },
      ],
      notes: 'Volver si no mejora',
    });
    const listed = await within(card).findByRole('list', { name: 'Prescriptions' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listed).toHaveTextContent(`Prescription ${today.slice(0, 4)}-000001`);
    expect(listed).toHaveTextContent('Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas for 7 días');
    expect(listed).toHaveTextContent('Paracetamol. Caja con 10 tabletas — 1 package. Si hay fiebre');
    expect(within(listed).getByRole('link', { name: `Print prescription ${today.slice(0, 4)}-000001` })).toHaveAttribute(
      'href',
      '/medic/patient/11/prescriptions/1/print',
    );
  });

  it('fills the medicine from a drug the practice prescribed before, chosen by keyboard, and keeps every field editable', async () => {
    const { user, section, server } = await openPage({
      handlers: () => ({
        'medics.prescribedDrugs': () =>
          ok([
            {
              drug: 'Amoxicilina',
              strength: '500 mg',
              form: 'cápsulas',
              route: 'vía oral',
              presentation: 'Caja con 21 cápsulas',
              packages: '1',
              dose: '1 cápsula',
              frequency: 'cada 8 horas',
              duration: '7 días',
            },
          ]),
        'clinicalHistory.prescribe': () => ok({}),
      }),
    });
    await user.click(within(within(section).getAllByRole('article')[0]!).getByRole('button', { name: /^Prescribe/ }));
    const dialog = screen.getByRole('dialog', { name: 'New prescription' });
    const drug = within(dialog).getByRole('combobox', { name: /^Medicine/ });
    await user.type(drug, 'amox');
    expect(await within(dialog).findByRole('option', { name: /^Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas for 7 días/ })).toBeInTheDocument();
    expect(server.callsTo('medics.prescribedDrugs').at(-1)!.input).toEqual({ q: 'amox' });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(drug).toHaveValue('Amoxicilina');
    const item = within(dialog).getByRole('group', { name: 'Medicine 1' });
    expect(within(item).getByLabelText('Strength')).toHaveValue('500 mg');
    expect(within(item).getByLabelText('Dosage form')).toHaveValue('cápsulas');
    expect(within(item).getByLabelText('Route')).toHaveValue('vía oral');
    expect(within(item).getByLabelText('Presentation')).toHaveValue('Caja con 21 cápsulas');
    expect(within(item).getByLabelText('Number of packages')).toHaveValue('1');
    expect(within(item).getByLabelText('Dose')).toHaveValue('1 cápsula');
    expect(within(item).getByLabelText('Frequency')).toHaveValue('cada 8 horas');
    expect(within(item).getByLabelText('Duration')).toHaveValue('7 días');
    // Still the doctor's to change: this patient takes it for ten days.
    await user.clear(within(item).getByLabelText('Duration'));
    await user.type(within(item).getByLabelText('Duration'), '10 días');
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.prescribe')[0]!.input).toMatchObject({ items: [{ drug: 'Amoxicilina', strength: '500 mg', duration: '10 días' }] });
  });

  it('names a missing medicine in the form and sends nothing', async () => {
    const { user, section, server } = await openPage({ language: 'es' });
    await user.click(within(within(section).getAllByRole('article')[0]!).getByRole('button', { name: /^Recetar en la cita del/ }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva receta' });
    await user.click(within(dialog).getByRole('button', { name: 'Emitir receta' }));
    expect(await within(dialog).findByText('Escriba el medicamento.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Medicamento/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('clinicalHistory.prescribe')).toHaveLength(0);
  });

  it.each([
    ['es', 'Añada su número de cédula profesional o de colegiado a su perfil', 'Abrir Mi perfil'],
    ['en', 'Add your licence number (cédula profesional / número de colegiado) to your profile', 'Open My profile'],
  ] as const)('says in the dialog (%s) that the licence number is missing, links to My profile, and keeps what was typed', async (language, message, link) => {
    const { user, section, server } = await openPage({ language, handlers: () => ({ 'clinicalHistory.prescribe': () => fail('LICENSE_NUMBER_REQUIRED') }) });
    await user.click(within(within(section).getAllByRole('article')[0]!).getByRole('button', { name: /^(Recetar|Prescribe) / }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'Ibuprofeno');
    await user.type(within(dialog).getByLabelText(/^(Dosis|Dose)$/), '400 mg');
    await user.type(within(dialog).getByLabelText(/^(Notas|Notes)$/), 'Con alimentos');
    await user.click(within(dialog).getByRole('button', { name: /^(Emitir receta|Issue prescription)$/ }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: link })).toHaveAttribute('href', '/profile');
    expect(server.callsTo('clinicalHistory.prescribe')).toHaveLength(1);
    expect(within(dialog).getByRole('combobox')).toHaveValue('Ibuprofeno');
    expect(within(dialog).getByLabelText(/^(Dosis|Dose)$/)).toHaveValue('400 mg');
    expect(within(dialog).getByLabelText(/^(Notas|Notes)$/)).toHaveValue('Con alimentos');
  });

  it('offers Prescribe only on the appointment of today, while addenda go on past ones too', async () => {
    const past = appointment({ idHistory: 3, date: '2024-11-05T16:00', motive: 'Revisión anual' });
    const { section } = await openPage({ history: [todays, past] });
    const [ofToday, ofThePast] = within(section).getAllByRole('article');
    expect(within(ofToday!).getByRole('button', { name: /^Prescribe at the appointment of/ })).toBeInTheDocument();
    expect(within(ofThePast!).queryByRole('button', { name: /^Prescribe/ })).not.toBeInTheDocument();
    expect(within(ofThePast!).getByRole('button', { name: /^Add addendum to the appointment of/ })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Discard what you typed?', 'Keep editing', 'Discard', 'Close'],
    ['es', '¿Descartar lo escrito?', 'Seguir editando', 'Descartar', 'Cerrar'],
  ] as const)('asks (%s) before Escape, the close button or Cancel throws away a half-written prescription', async (language, question, keep, discard, close) => {
    const { user, section } = await openPage({ language });
    const opener = within(within(section).getAllByRole('article')[0]!).getByRole('button', { name: /^(Recetar|Prescribe) / });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('combobox'), 'Amoxicilina');
    const dose = within(dialog).getByLabelText(/^(Dosis|Dose)$/);
    await user.type(dose, '500 mg');

    // Escape asks, inside the dialog, with Keep editing focused first; the dialog stays.
    await user.keyboard('{Escape}');
    const asking = within(dialog).getByRole('alertdialog', { name: question });
    expect(within(asking).getByRole('heading', { name: question })).toBeInTheDocument();
    expect(within(asking).getByRole('button', { name: keep })).toHaveFocus();
    // Tab stays on the question.
    await user.tab();
    expect(within(asking).getByRole('button', { name: discard })).toHaveFocus();
    await user.tab();
    expect(within(asking).getByRole('button', { name: keep })).toHaveFocus();

    // Keep editing: back where focus was, everything typed still there.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(dose).toHaveFocus();
    expect(within(dialog).getByRole('combobox')).toHaveValue('Amoxicilina');
    expect(dose).toHaveValue('500 mg');

    // Escape on the question means keep editing too.
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(dose).toHaveValue('500 mg');

    // Cancel and the close button ask as well.
    await user.click(within(dialog).getByRole('button', { name: /^(Cancelar|Cancel)$/ }));
    await user.click(within(dialog).getByRole('button', { name: keep }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: close }));
    // Discard closes, and focus goes back to what opened the dialog.
    await user.click(within(dialog).getByRole('button', { name: discard }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each(['en', 'es'] as const)('closes a dialog with nothing typed at once on Escape (%s)', async (language) => {
    const { user, section } = await openPage({ language });
    await user.click(within(within(section).getAllByRole('article')[0]!).getByRole('button', { name: /^(Recetar|Prescribe) / }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
