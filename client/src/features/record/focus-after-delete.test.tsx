// Keyboard focus after deleting an item of a record list: the pressed
// delete button is gone, so focus goes to the same button of the next item, else the previous,
// else the section's add button; never to <body>.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Vaccine } from '../../../../shared/record';
import { ok } from '../../test/fake-trpc-server';
import { bareDetail, lab, renderPatientPage } from '../../test/record-fixtures';

afterEach(() => vi.restoreAllMocks());

const vaccine = (idVaccine: number, vaccineName: string): Vaccine => ({ idVaccine, vaccineName, date: '2024-10-01', dose: null, manufacturer: null, nextDose: null });

/** The record page with vaccines that the fake server really deletes, so the reload shows the change. */
async function openWithVaccines(names: string[]) {
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  let vaccines = names.map((name, index) => vaccine(index + 1, name));
  renderPatientPage({
    detail: bareDetail(),
    handlers: {
      'medics.patientDetail': () => ok({ ...bareDetail(), vaccines }),
      'patients.vaccines.remove': (input) => {
        vaccines = vaccines.filter((item) => item.idVaccine !== (input as { itemId: number }).itemId);
        return ok(null);
      },
    },
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { user: userEvent.setup(), section: screen.getByRole('region', { name: /Vaccinations/ }) };
}

describe('focus after deleting a record item', () => {
  it('goes to the next item\'s delete button, by keyboard', async () => {
    const { user, section } = await openWithVaccines(['Influenza', 'Tétanos', 'Hepatitis B']);
    within(section).getByRole('button', { name: 'Delete Tétanos' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(section).queryByText('Tétanos')).not.toBeInTheDocument());
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Delete Hepatitis B' })).toHaveFocus());
  });

  it('goes to the previous item when the last one is deleted', async () => {
    const { user, section } = await openWithVaccines(['Influenza', 'Tétanos']);
    within(section).getByRole('button', { name: 'Delete Tétanos' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Delete Influenza' })).toHaveFocus());
  });

  it("goes to the section's add button when the list is left empty", async () => {
    const { user, section } = await openWithVaccines(['Influenza']);
    within(section).getByRole('button', { name: 'Delete Influenza' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Add vaccine' })).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });

  it('does the same for lab results', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let labs = [lab({ idLabs: 1, testName: 'Glucosa' }), lab({ idLabs: 2, testName: 'Colesterol' })];
    renderPatientPage({
      handlers: {
        'medics.patientDetail': () => ok({ ...bareDetail(), labs }),
        'patients.labs.remove': (input) => {
          labs = labs.filter((item) => item.idLabs !== (input as { itemId: number }).itemId);
          return ok(null);
        },
      },
    });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const section = screen.getByRole('region', { name: /Lab results/ });
    within(section).getByRole('button', { name: 'Delete Glucosa' }).focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Delete Colesterol' })).toHaveFocus());
  });
});
