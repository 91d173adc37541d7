// Opening a patient from the list: the record is asked for on the click itself, so its
// request runs while the screen changes, and exactly once, since every read of a record is audited
// as the medic having opened it: never on hover, never twice for one click.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-trpc-server';
import { fullDetail } from '../../test/record-fixtures';
import { lucia, renderMedicHome } from './test-patients';

describe('opening a patient from the list', () => {
  it('asks for the record exactly once when the card is clicked, and not when the pointer only passes over it', async () => {
    const detail = fullDetail();
    const { server } = renderMedicHome({ handlers: { 'medics.patientDetail': () => ok({ ...detail, patient: { ...detail.patient, idPatient: lucia.idPatient } }) } });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' });
    const link = within(card).getByRole('link');

    await user.hover(link);
    await user.unhover(link);
    expect(server.callsTo('medics.patientDetail')).toHaveLength(0);

    await user.click(link);
    await screen.findByRole('heading', { name: `${detail.patient.name} ${detail.patient.lname}` });
    await waitFor(() => expect(server.callsTo('medics.patientDetail').map((call) => call.input)).toEqual([{ idPatient: lucia.idPatient }]));
  });
});
