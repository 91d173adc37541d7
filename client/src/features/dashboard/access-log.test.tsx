import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { renderDashboard } from '../../test/dashboard-fixtures';
import type { AccessLogEvent } from '../../lib/api-types';

const anaRuiz = { idMedic: 21, name: 'Ana', lname: 'Ruiz' };
const read: AccessLogEvent = { at: '2025-03-04T15:30:00.000Z', action: 'patient.detail', outcome: 'success', medic: anaRuiz, detail: null, emergency: false };

function logPage(events: AccessLogEvent[], page = 1, total = events.length) {
  return ok({ events, page, pageSize: 20, total });
}

async function openAccessLog(language: 'es' | 'en' = 'en') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: language === 'es' ? 'Quién vio mi expediente' : 'Who viewed my record' }));
  return user;
}

const expectedWhen = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('who viewed my record', () => {
  it('is fetched only when its tab is shown', async () => {
    const { server } = renderDashboard({ handlers: { 'patients.accessLog': () => logPage([read]) } });
    await screen.findByRole('tablist');
    expect(server.callsTo('patients.accessLog')).toHaveLength(0);

    await openAccessLog();
    expect(within(await screen.findByRole('list', { name: 'Activity on your record' })).getByText('Ana Ruiz')).toBeInTheDocument();
    expect(server.callsTo('patients.accessLog').map((call) => call.input)).toEqual([{ page: 1 }]);
  });

  it("shows a medic's read of the record as who, what and when, in English and in Spanish", async () => {
    const english = renderDashboard({ handlers: { 'patients.accessLog': () => logPage([read]) } });
    await openAccessLog();
    const event = within(await screen.findByRole('list', { name: 'Activity on your record' })).getByRole('listitem');
    expect(event).toHaveTextContent('Ana Ruiz');
    expect(within(event).getByText('Viewed your record')).toBeInTheDocument();
    expect(within(event).getByText(expectedWhen(read.at, 'en'))).toHaveAttribute('datetime', read.at);
    english.app.unmount();

    renderDashboard({ language: 'es', handlers: { 'patients.accessLog': () => logPage([read]) } });
    await openAccessLog('es');
    const spanish = within(await screen.findByRole('list', { name: 'Actividad en su expediente' })).getByRole('listitem');
    expect(spanish).toHaveTextContent('Ana Ruiz');
    expect(within(spanish).getByText('Vio su expediente')).toBeInTheDocument();
    expect(within(spanish).getByText(expectedWhen(read.at, 'es'))).toBeInTheDocument();
  });

  it('names changes, refused attempts and unknown actions in plain words, and an unknown actor as someone', async () => {
    renderDashboard({
      handlers: {
        'patients.accessLog': () =>
          logPage([
            { ...read, action: 'allergies.add' },
            { ...read, action: 'files.download' },
            { ...read, action: 'medics.patientDetail', outcome: 'denied', medic: { idMedic: 30, name: 'Otro', lname: 'Médico' } },
            { ...read, action: 'patients.allergies.add', outcome: 'denied' },
            { ...read, action: 'appointment.update', outcome: 'failure' },
            { ...read, action: 'something.new', medic: null },
          ]),
      },
    });
    await openAccessLog();
    const list = await screen.findByRole('list', { name: 'Activity on your record' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => [item.querySelector('.access-log__who')?.textContent, item.querySelector('.access-log__what')?.textContent]);
    expect(rows).toEqual([
      ['Ana Ruiz', 'Added an allergy'],
      ['Ana Ruiz', 'Opened a document'],
      ['Otro Médico', 'Tried to open your record without permissionRefused'],
      ['Ana Ruiz', 'Tried to change your record without permissionRefused'],
      ['Ana Ruiz', 'Updated an appointmentNot completed'],
      ['Someone', 'Activity on your record'],
    ]);
  });

  it('flags what a medic did under emergency access, with the reason they gave, in English and in Spanish', async () => {
    const reason = 'Unconscious in the emergency room; allergies unknown.';
    const otherMedic = { idMedic: 30, name: 'Otro', lname: 'Médico' };
    const events: AccessLogEvent[] = [
      { ...read, medic: otherMedic, emergency: true, detail: reason },
      { ...read, action: 'allergies.add', outcome: 'denied', medic: otherMedic, emergency: true, detail: reason },
      { ...read, action: 'emergency.start', medic: otherMedic, emergency: true, detail: reason },
      read,
    ];
    const english = renderDashboard({ handlers: { 'patients.accessLog': () => logPage(events) } });
    await openAccessLog();
    const [viewed, refused, started, normal] = within(await screen.findByRole('list', { name: 'Activity on your record' })).getAllByRole('listitem');
    expect(within(viewed!).getByText('Emergency access')).toHaveClass('tag');
    expect(viewed).toHaveTextContent('Viewed your record');
    expect(viewed).toHaveTextContent(`Reason: ${reason}`);
    expect(within(refused!).getByText('Emergency access')).toBeInTheDocument();
    expect(refused).toHaveTextContent('Tried to change your record without permission');
    expect(refused).toHaveTextContent(`Reason: ${reason}`);
    expect(started).toHaveTextContent('Started emergency access to your record');
    expect(started).toHaveTextContent(`Reason: ${reason}`);
    expect(within(normal!).queryByText('Emergency access')).not.toBeInTheDocument();
    expect(normal).not.toHaveTextContent('Reason:');
    english.app.unmount();

    renderDashboard({ language: 'es', handlers: { 'patients.accessLog': () => logPage(events) } });
    await openAccessLog('es');
    const [spanish] = within(await screen.findByRole('list', { name: 'Actividad en su expediente' })).getAllByRole('listitem');
    expect(within(spanish!).getByText('Acceso de emergencia')).toBeInTheDocument();
    expect(spanish).toHaveTextContent(`Motivo: ${reason}`);
  });

  it('pages through the log with next and previous', async () => {
    const { server } = renderDashboard({
      handlers: {
        'patients.accessLog': (input) => {
          const { page } = input as { page: number };
          return page === 1 ? logPage([read], 1, 25) : logPage([{ ...read, action: 'vitals.add' }], 2, 25);
        },
      },
    });
    const user = await openAccessLog();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Added vital signs')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Viewed your record')).toBeInTheDocument();
    expect(server.callsTo('patients.accessLog').map((call) => call.input)).toEqual([{ page: 1 }, { page: 2 }, { page: 1 }]);
  });

  it('says when no one has looked yet, and offers a retry when the log fails to load', async () => {
    let failing = true;
    renderDashboard({ handlers: { 'patients.accessLog': () => (failing ? fail('FORBIDDEN') : logPage([])) } });
    const user = await openAccessLog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activity on your record could not be loaded.');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No one has viewed or changed your record yet.')).toBeInTheDocument();
  });
});
