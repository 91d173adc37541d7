import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkRequestForMedic } from '../../../../shared/patients';
import { fail, ok } from '../../test/fake-trpc-server';
import { elena, linkRequest, renderMedicHome, searchResult } from './test-patients';

const tomas = searchResult({ idPatient: 22, name: 'Tomás', lname: 'Ibarra', email: 'tomas@example.com' });
const pending = linkRequest(5, elena, { createdAt: '2025-03-04T15:30:00.000Z' });
const declined = linkRequest(6, tomas, { createdAt: '2025-02-20T09:00:00.000Z', status: 'declined' });

const sentOn = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
const rowOf = (section: HTMLElement, name: string) => within(section).getByText(name).closest('li')!;

describe('access requests on the medic home', () => {
  it('is not shown while the medic has no request', async () => {
    const { server } = renderMedicHome();
    await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' });
    await waitFor(() => expect(server.callsTo('medics.linkRequests')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Access requests' })).not.toBeInTheDocument();
  });

  it('lists pending and declined requests with the email, the day sent and the status', async () => {
    renderMedicHome({ handlers: { 'medics.linkRequests': () => ok({ requests: [pending, declined] }) } });

    const section = await screen.findByRole('region', { name: 'Access requests' });
    const elenaRow = rowOf(section, 'Elena Vidal');
    expect(elenaRow).toHaveTextContent('elena@example.com');
    expect(elenaRow).toHaveTextContent(`Sent ${sentOn(pending.createdAt, 'en')}`);
    expect(within(elenaRow).getByText('Pending')).toBeInTheDocument();
    const tomasRow = rowOf(section, 'Tomás Ibarra');
    expect(within(tomasRow).getByText('Declined')).toBeInTheDocument();
    expect(within(tomasRow).getByRole('button', { name: 'Withdraw the request to Tomás Ibarra' })).toHaveTextContent('Withdraw');
  });

  it('withdraws a request only after confirming, says so and reloads the list', async () => {
    let requests: LinkRequestForMedic[] = [pending, declined];
    const { server } = renderMedicHome({
      handlers: {
        'medics.linkRequests': () => ok({ requests }),
        'medics.withdrawLinkRequest': (input) => {
          requests = requests.filter((request) => request.idRequest !== (input as { idRequest: number }).idRequest);
          return ok(null);
        },
      },
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Access requests' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);

    await user.click(within(section).getByRole('button', { name: 'Withdraw the request to Elena Vidal' }));
    expect(confirm).toHaveBeenCalledWith('Withdraw your request to see the record of Elena Vidal?');
    expect(server.callsTo('medics.withdrawLinkRequest')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(within(section).getByRole('button', { name: 'Withdraw the request to Elena Vidal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Request withdrawn: Elena Vidal');
    await waitFor(() => expect(within(section).queryByText('Elena Vidal')).not.toBeInTheDocument());
    expect(within(section).getByText('Tomás Ibarra')).toBeInTheDocument();
    expect(server.callsTo('medics.withdrawLinkRequest').map((call) => call.input)).toEqual([{ idRequest: 5 }]);
  });

  it('says why a withdrawal failed and keeps the request', async () => {
    renderMedicHome({
      handlers: { 'medics.linkRequests': () => ok({ requests: [pending] }), 'medics.withdrawLinkRequest': () => fail('NOT_FOUND') },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Access requests' });
    await user.click(within(section).getByRole('button', { name: 'Withdraw the request to Elena Vidal' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Error withdrawing the request');
    expect(within(section).getByText('Elena Vidal')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderMedicHome({ language: 'es', handlers: { 'medics.linkRequests': () => ok({ requests: [pending, declined] }) } });

    const section = await screen.findByRole('region', { name: 'Solicitudes de acceso' });
    const elenaRow = rowOf(section, 'Elena Vidal');
    expect(elenaRow).toHaveTextContent(`Enviada el ${sentOn(pending.createdAt, 'es')}`);
    expect(within(elenaRow).getByText('Pendiente')).toBeInTheDocument();
    expect(within(rowOf(section, 'Tomás Ibarra')).getByText('Rechazada')).toBeInTheDocument();
    expect(within(elenaRow).getByRole('button', { name: 'Retirar la solicitud a Elena Vidal' })).toHaveTextContent('Retirar');
  });
});
