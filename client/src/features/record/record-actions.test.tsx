// The record's actions in one toolbar beside the patient's name: edit, new
// appointment, print and export; read-only under emergency access; the toolbar's "New appointment"
// opens the appointment history's own form, and focus goes where the typing starts.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-trpc-server';
import { fullDetail, renderPatientPage, today } from '../../test/record-fixtures';
import type { PatientDetail } from '../../lib/api-types';

const TEXTS = {
  en: { toolbar: 'Record actions', edit: 'Edit', newAppointment: 'New appointment', print: 'Print', export: 'Export (FHIR)' },
  es: { toolbar: 'Acciones del expediente', edit: 'Editar', newAppointment: 'Nueva cita', print: 'Imprimir', export: 'Exportar (FHIR)' },
};

const emergency = (): PatientDetail => ({ ...fullDetail(), emergencyAccess: { idAccess: 9, reason: 'Paciente inconsciente', expiresAt: '2099-01-01T00:00:00.000Z' } });

async function openToolbar(language: 'en' | 'es', detail = fullDetail(), handlers = {}) {
  const rendered = renderPatientPage({ detail, language, handlers });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Lucía Hernández Ruiz' }, { timeout: 5000 });
  return { ...rendered, heading, toolbar: screen.getByRole('group', { name: TEXTS[language].toolbar }), user: userEvent.setup() };
}

describe("the record's toolbar", () => {
  it.each(['en', 'es'] as const)('gathers edit, new appointment, print and export beside the name (%s)', async (language) => {
    const { toolbar, heading } = await openToolbar(language);
    const t = TEXTS[language];
    expect(heading.closest('header')).toContainElement(toolbar);
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual([t.edit, t.newAppointment, t.export]);
    expect(within(toolbar).getByRole('link', { name: t.print })).toHaveAttribute('href', '/medic/patient/11/print');
    // Nowhere else on the page: one place for the record's actions.
    expect(screen.getAllByRole('button', { name: t.edit })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: t.print })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: t.export })).toHaveLength(1);
  });

  it.each(['en', 'es'] as const)('under emergency access offers only print and export (%s)', async (language) => {
    const { toolbar } = await openToolbar(language, emergency());
    const t = TEXTS[language];
    expect(within(toolbar).queryByRole('button', { name: t.edit })).not.toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: t.newAppointment })).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('link', { name: t.print })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: t.export })).toBeInTheDocument();
  });

  it('opens the patient form with focus in its first field, and gives focus back to Edit on Cancel', async () => {
    const { toolbar, user } = await openToolbar('en');
    const edit = within(toolbar).getByRole('button', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Edit patient' });
    expect(within(form).getByLabelText('Email')).toHaveFocus();
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit patient' })).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it("opens the appointment history's own form from New appointment, even with the history collapsed, and books through it", async () => {
    const { toolbar, user, server } = await openToolbar('es', fullDetail(), { 'clinicalHistory.create': () => ok({}) });
    const history = screen.getByRole('region', { name: /^Historial de citas \(/ });
    await user.click(within(history).getByRole('button', { name: /^Historial de citas/ }));
    expect(within(history).getByRole('button', { name: /^Historial de citas/ })).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(toolbar).getByRole('button', { name: 'Nueva cita' }));
    const form = within(history).getByRole('form', { name: 'Nueva cita' });
    expect(form).toBeVisible();
    expect(screen.getAllByRole('form', { name: 'Nueva cita' })).toHaveLength(1);
    expect(within(history).getByRole('button', { name: 'Agregar cita' })).toHaveAttribute('aria-expanded', 'true');
    const date = within(form).getByLabelText(/Fecha y hora/);
    expect(date).toHaveFocus();

    await user.clear(date);
    await user.type(date, `${today}T11:15`);
    await user.type(within(form).getByLabelText(/Motivo/), 'Control de presión');
    await user.click(within(form).getByRole('button', { name: 'Agregar' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.create')[0]!.input).toMatchObject({ idPatient: 11, date: `${today}T11:15`, motive: 'Control de presión' });
  });
});
