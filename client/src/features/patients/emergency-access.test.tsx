import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmergencyAccess } from '../../../../shared/patients';
import { fail, ok } from '../../test/fake-trpc-server';
import { elena, renderMedicHome } from './test-patients';

const reason = 'Unconscious in the emergency room; allergies unknown.';

const access: EmergencyAccess = {
  idAccess: 9,
  medic: { idMedic: 3, name: 'Andrés', lname: 'Mora', email: 'andres.mora@example.com', phone: null, whatsapp: null, about: null, specialty: null, licenseNumber: null },
  patient: { idPatient: elena.idPatient, name: elena.name, lname: elena.lname },
  reason,
  startedAt: '2025-03-04T15:30:00.000Z',
  expiresAt: '2025-03-04T19:30:00.000Z',
};

type Handlers = NonNullable<Parameters<typeof renderMedicHome>[0]>['handlers'];

async function openEmergencyForm({ language = 'en', handlers = {} }: { language?: 'es' | 'en'; handlers?: Handlers } = {}) {
  const rendered = renderMedicHome({ language, handlers: { 'medics.searchPatients': () => ok([elena]), ...handlers } });
  const user = userEvent.setup();
  const es = language === 'es';
  await user.click(await screen.findByRole('button', { name: es ? 'Vincular paciente' : 'Link patient' }));
  await user.type(within(screen.getByRole('dialog')).getByRole('searchbox'), 'elena@example.com');
  await user.click(await screen.findByRole('button', { name: es ? 'Acceso de emergencia a Elena Vidal' : 'Emergency access to Elena Vidal' }));
  return { ...rendered, user };
}

describe('emergency access from the link-patient dialog', () => {
  it('asks for the reason, warning that the access is audited and shown to the patient and the administrator', async () => {
    await openEmergencyForm();

    const dialog = screen.getByRole('dialog', { name: 'Emergency access' });
    expect(dialog).toHaveTextContent('Elena Vidal');
    expect(dialog).toHaveTextContent('elena@example.com');
    expect(within(dialog).getByText(/This access is audited/)).toHaveTextContent(
      /shown to the patient in the activity of their record, and listed for the practice administrator/,
    );
    const field = within(dialog).getByLabelText('Reason for emergency access');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Between 10 and 500 characters. 0/500 characters');
  });

  it('counts the characters and refuses a reason shorter than 10, without calling the server', async () => {
    const { server, user } = await openEmergencyForm();
    const field = screen.getByLabelText('Reason for emergency access');

    await user.type(field, 'Too short');
    expect(screen.getByText('9/500 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start emergency access' }));

    expect(await screen.findByText('Give a reason of 10 to 500 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('medics.emergencyAccess')).toHaveLength(0);
    expect(field).toHaveAttribute('maxlength', '500');
  });

  it('starts the access with the patient email and reason, then opens the record', async () => {
    const { server, user, app } = await openEmergencyForm({ handlers: { 'medics.emergencyAccess': () => ok(access) } });
    await user.type(screen.getByLabelText('Reason for emergency access'), reason);
    await user.click(screen.getByRole('button', { name: 'Start emergency access' }));

    await screen.findByText('Emergency access started: Elena Vidal');
    expect(server.callsTo('medics.emergencyAccess').map((call) => call.input)).toEqual([{ patientEmail: 'elena@example.com', reason }]);
    expect(app.currentPath()).toBe('/medic/patient/21');
  });

  it('keeps the reason and says why when the server refuses, in Spanish', async () => {
    const { user, app } = await openEmergencyForm({ language: 'es', handlers: { 'medics.emergencyAccess': () => fail('ALREADY_LINKED') } });
    const dialog = screen.getByRole('dialog', { name: 'Acceso de emergencia' });
    expect(dialog).toHaveTextContent('Este acceso queda auditado');
    const field = within(dialog).getByLabelText('Motivo del acceso de emergencia');
    await user.type(field, 'Paciente inconsciente en urgencias');
    expect(within(dialog).getByText('34/500 caracteres')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar acceso de emergencia' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo iniciar el acceso de emergencia');
    expect(alert).toHaveTextContent('Ya están vinculados.');
    expect(field).toHaveValue('Paciente inconsciente en urgencias');
    expect(app.currentPath()).toBe('/medic/patients');
  });

  it('goes back to the same results, with focus on the emergency button it left by', async () => {
    const { user } = await openEmergencyForm();
    await user.click(screen.getByRole('button', { name: 'Back to search' }));

    const dialog = screen.getByRole('dialog', { name: 'Link a patient' });
    expect(within(dialog).getByRole('searchbox')).toHaveValue('elena@example.com');
    expect(await within(dialog).findByRole('button', { name: 'Emergency access to Elena Vidal' })).toHaveFocus();
  });
});
