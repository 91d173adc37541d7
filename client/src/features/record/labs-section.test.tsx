// Lab results on the record page: a nameless lab is named by what it is
// and when, never by a row id, and a lab is corrected in place like the other collections.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { bareDetail, lab, renderPatientPage } from '../../test/record-fixtures';

async function openLabs(options: Parameters<typeof renderPatientPage>[0] = {}) {
  const rendered = renderPatientPage(options);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup(), labs: screen.getByRole('region', { name: /Lab results|Resultados de laboratorio/ }) };
}

const nameless = () => ({ ...bareDetail(), labs: [lab({ idLabs: 13, idContent: 31, value: '5.4', unit: '%', date: '2025-02-01' })] });

describe('lab results', () => {
  it('names a nameless lab "Lab result" with its date, never by its row id', async () => {
    const { labs, user } = await openLabs({ detail: nameless() });
    expect(within(labs).queryByText(/#13|#31/)).not.toBeInTheDocument();
    await user.click(within(labs).getByRole('button', { name: /^Lab result of Feb 1, 2025/ }));
    expect(screen.getByRole('dialog', { name: 'Lab result of Feb 1, 2025' })).toHaveTextContent('5.4');
  });

  it('names it in Spanish too', async () => {
    const { labs } = await openLabs({ detail: nameless(), language: 'es' });
    expect(within(labs).getByRole('button', { name: /^Resultado de laboratorio del 1 feb 2025/ })).toBeInTheDocument();
  });

  it('corrects a lab inline and sends only that lab to patients.labs.update', async () => {
    const detail = { ...bareDetail(), labs: [lab({ idLabs: 13, testName: 'Glucosa', value: '29', unit: 'mg/dL' })] };
    const { labs, user, server } = await openLabs({ detail, handlers: { 'patients.labs.update': () => ok({}) } });
    await user.click(within(labs).getByRole('button', { name: 'Edit Glucosa' }));
    const form = within(labs).getByRole('form', { name: 'Edit lab result' });
    const value = within(form).getByLabelText('Value');
    expect(value).toHaveValue('29');
    await user.clear(value);
    await user.type(value, '92');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved successfully');
    expect(server.callsTo('patients.labs.update')[0]!.input).toMatchObject({ idPatient: 11, itemId: 13, testName: 'Glucosa', value: '92', unit: 'mg/dL', date: '2025-02-01' });
    await waitFor(() => expect(within(labs).queryByRole('form')).not.toBeInTheDocument());
  });

  it('keeps the rule that a lab needs a test name or a value after an edit', async () => {
    const detail = { ...bareDetail(), labs: [lab({ idLabs: 13, testName: 'Glucosa' })] };
    const { labs, user, server } = await openLabs({
      detail,
      handlers: { 'patients.labs.update': () => fail('VALIDATION_FAILED', [{ path: 'testName', message: 'validation.labNameOrValue' }]) },
    });
    await user.click(within(labs).getByRole('button', { name: 'Edit Glucosa' }));
    const form = within(labs).getByRole('form', { name: 'Edit lab result' });
    await user.clear(within(form).getByLabelText('Test name'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the test name or its value')).toBeInTheDocument();
    expect(server.callsTo('patients.labs.update')).toHaveLength(0);
  });

  it('offers the edit of a nameless lab under its date name', async () => {
    const { labs } = await openLabs({ detail: nameless() });
    expect(within(labs).getByRole('button', { name: /^Edit Lab result of/ })).toBeInTheDocument();
  });
});
