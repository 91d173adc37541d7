import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { drAna, drLuis, patientSelf, renderDashboard } from '../../test/dashboard-fixtures';
import type { LinkRequest } from '../../lib/api-types';

const fromLuis: LinkRequest = { idRequest: 8, medic: drLuis, createdAt: '2025-03-04T15:30:00.000Z' };
const sentOn = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(fromLuis.createdAt));

describe("doctors' requests to see the record", () => {
  it('are not shown when there are none', async () => {
    renderDashboard();
    await screen.findByRole('region', { name: 'My doctor' });
    expect(screen.queryByRole('region', { name: 'Requests to see your record' })).not.toBeInTheDocument();
  });

  it('come first, naming the doctor and the day sent', async () => {
    renderDashboard({ self: patientSelf({ linkRequests: [fromLuis] }) });

    const section = await screen.findByRole('region', { name: 'Requests to see your record' });
    const request = within(section).getByRole('listitem');
    expect(request).toHaveTextContent('Dr. Luis Pérez asks to see your record');
    expect(request).toHaveTextContent(`Sent ${sentOn('en')}`);
    const doctors = screen.getByRole('region', { name: 'My doctor' });
    expect(section.compareDocumentPosition(doctors) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('accepts a request, says so and reloads the dashboard with the new doctor', async () => {
    let self = patientSelf({ linkRequests: [fromLuis] });
    const { server } = renderDashboard({
      handlers: {
        'patients.me': () => ok(self),
        'patients.acceptLinkRequest': () => {
          self = patientSelf({ doctors: [drAna, drLuis], linkRequests: [] });
          return ok({ message: 'Doctor linked', doctor: drLuis });
        },
      },
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Requests to see your record' });
    await user.click(within(section).getByRole('button', { name: 'Accept the request from Dr. Luis Pérez' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Request accepted: Dr. Luis Pérez can now see your record');
    expect(server.callsTo('patients.acceptLinkRequest').map((call) => call.input)).toEqual([{ idRequest: 8 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Requests to see your record' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Linked doctors' })).getByText('Luis Pérez')).toBeInTheDocument();
    expect(server.callsTo('patients.me')).toHaveLength(2);
  });

  it('declines only after confirming, then reloads', async () => {
    let self = patientSelf({ linkRequests: [fromLuis] });
    const { server } = renderDashboard({
      handlers: {
        'patients.me': () => ok(self),
        'patients.declineLinkRequest': () => {
          self = patientSelf();
          return ok(null);
        },
      },
    });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Requests to see your record' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const decline = within(section).getByRole('button', { name: 'Decline the request from Dr. Luis Pérez' });
    expect(decline).toHaveTextContent('Decline');

    await user.click(decline);
    expect(confirm).toHaveBeenCalledWith('Decline the request from Dr. Luis Pérez? They will not see your record.');
    expect(server.callsTo('patients.declineLinkRequest')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(decline);
    expect(await screen.findByRole('status')).toHaveTextContent('Request declined');
    expect(server.callsTo('patients.declineLinkRequest').map((call) => call.input)).toEqual([{ idRequest: 8 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Requests to see your record' })).not.toBeInTheDocument());
  });

  it('says why an answer failed', async () => {
    renderDashboard({ self: patientSelf({ linkRequests: [fromLuis] }), handlers: { 'patients.acceptLinkRequest': () => fail('NOT_FOUND') } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept the request from Dr. Luis Pérez' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error accepting the request');
    expect(alert).toHaveTextContent('Not found.');
  });

  it('speaks Spanish', async () => {
    const { server } = renderDashboard({
      language: 'es',
      self: patientSelf({ linkRequests: [fromLuis] }),
      handlers: { 'patients.acceptLinkRequest': () => ok({ message: 'Doctor linked', doctor: drLuis }) },
    });
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Solicitudes para ver su expediente' });
    expect(section).toHaveTextContent('Dr(a). Luis Pérez solicita ver su expediente');
    expect(section).toHaveTextContent(`Enviada el ${sentOn('es')}`);
    const accept = within(section).getByRole('button', { name: 'Aceptar la solicitud de Dr(a). Luis Pérez' });
    expect(accept).toHaveTextContent('Aceptar');
    expect(within(section).getByRole('button', { name: 'Rechazar la solicitud de Dr(a). Luis Pérez' })).toHaveTextContent('Rechazar');

    await user.click(accept);
    expect(await screen.findByRole('status')).toHaveTextContent('Solicitud aceptada: Dr(a). Luis Pérez ya puede ver su expediente');
    expect(server.callsTo('patients.acceptLinkRequest')).toHaveLength(1);
  });
});
