import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { bareDetail, fullDetail, renderPatientPage } from '../../test/record-fixtures';

const section = (name: RegExp) => screen.getByRole('region', { name });

describe('patient detail page', () => {
  it('shows a loading status, then the patient, with the name as page title', async () => {
    renderPatientPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // The first test also loads the page's code.
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Hernández Ruiz' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expediente · Lucía Hernández Ruiz'));
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('O+');
  });

  it('shows the error state with a way back when the patient is not found', async () => {
    const { app } = renderPatientPage({ handlers: { 'medics.patientDetail': () => fail('PATIENT_NOT_FOUND') } });
    expect(await screen.findByRole('heading', { name: 'Error Loading Patient' })).toBeInTheDocument();
    expect(screen.getByText('Patient not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expediente · Patient'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to my patients' }));
    expect(app.currentPath()).toBe('/medic/patients');
  });

  it('shows N/A for empty contact data and a no-data line for demographics', async () => {
    renderPatientPage({ detail: bareDetail() });
    await screen.findByRole('heading', { level: 1 });
    const summary = screen.getByRole('region', { name: 'Lucía Hernández Ruiz' });
    const valueOf = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(valueOf('Phone')).toHaveTextContent('N/A');
    expect(valueOf('Address')).toHaveTextContent('N/A');
    expect(valueOf('Email')).toHaveTextContent('lucia@example.com');
    expect(valueOf('Patient ID')).toHaveTextContent('11');
    expect(within(section(/Demographics/)).getByText('No demographic data recorded.')).toBeInTheDocument();
  });

  it('hides insurance and lifestyle when the patient has none', async () => {
    renderPatientPage({ detail: bareDetail() });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: /Insurance/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Lifestyle/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Allergies/ })).toBeInTheDocument();
  });

  it('shows insurance, lifestyle and the physical data with units when present', async () => {
    renderPatientPage();
    await screen.findByRole('heading', { level: 1 });
    expect(within(section(/Insurance/)).getByText('Seguro Popular')).toBeInTheDocument();
    expect(within(section(/Lifestyle/)).getByText('Alcohol')).toBeInTheDocument();
    const physical = section(/Physical information/);
    expect(within(physical).getByText(/^61\.5\skg$/)).toBeInTheDocument();
    expect(within(physical).getByText(/^164\scm$/)).toBeInTheDocument();
  });

  it('formats units in Spanish with a decimal comma', async () => {
    renderPatientPage({ language: 'es' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('region', { name: /Información física/ })).getByText(/^61,5\skg$/)).toBeInTheDocument();
  });

  it('starts with every section expanded, titled with its count, and collapses by keyboard', async () => {
    renderPatientPage();
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Allergies (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(body).toBeVisible();
    for (const button of screen.getAllByRole('button', { expanded: true })) {
      if (button.getAttribute('aria-controls')) expect(button).toHaveAttribute('aria-expanded', 'true');
    }
    toggle.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(body).not.toBeVisible();
  });

  it('edits the contact data and blood type, and Cancel puts the values back', async () => {
    const { server } = renderPatientPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit patient' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(within(form).getByLabelText('Weight (kg)')).toHaveAttribute('step', '0.1');
    expect(within(form).getByLabelText('Height (cm)')).toHaveAttribute('step', '1');
    const options = (label: string) => within(within(form).getByLabelText(label)).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options('Blood group')).toEqual(['', 'A', 'B', 'AB', 'O']);
    expect(options('Rh factor')).toEqual(['', '+', '-']);

    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '5500000000');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit patient' })).not.toBeInTheDocument();
    expect(screen.getByText('5512345678')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('5512345678');
    expect(server.callsTo('patients.update')).toHaveLength(0);
  });

  it('saves the patient with demographics, insurance and lifestyle, then reloads the record', async () => {
    let detail = fullDetail();
    const { server } = renderPatientPage({
      handlers: {
        'medics.patientDetail': () => ok(detail),
        'patients.update': () => {
          detail = { ...detail, patient: { ...detail.patient, bloodGroup: 'AB', bloodRh: '-' } };
          return ok(detail.patient);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.selectOptions(screen.getByLabelText('Blood group'), 'AB');
    await user.selectOptions(screen.getByLabelText('Rh factor'), '-');
    await user.type(screen.getByLabelText('Religion'), 'Católica');
    await user.clear(screen.getByLabelText('Insurance name'));
    await user.clear(screen.getByLabelText('Insurance type'));
    await user.clear(screen.getByLabelText('Provider'));
    await user.clear(screen.getByLabelText('Policy number'));
    await user.type(screen.getByLabelText('Tobacco: frequency'), 'Diario');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved successfully');
    expect((await screen.findAllByText('AB-')).length).toBeGreaterThan(0);
    const [call] = server.callsTo('patients.update');
    expect(call!.input).toMatchObject({
      idPatient: 11,
      bloodGroup: 'AB',
      bloodRh: '-',
      religion: 'Católica',
      weight: 61.5,
      height: 164,
      insurance: null,
      lifestyle: { alcohol: { frequency: 'Ocasional', quantity: null, type: 'Vino' }, tobacco: { frequency: 'Diario', quantity: null, yearsUsing: null }, drugs: null, physicalActivity: null },
    });
  });

  it('keeps what was typed and explains why when saving the patient fails', async () => {
    renderPatientPage({ handlers: { 'patients.update': () => fail('EMAIL_TAKEN') } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving changes');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.com');
    expect(screen.getByRole('form', { name: 'Edit patient' })).toBeInTheDocument();
  });
});
