import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
// Loaded up front, as the app loads them lazily.
import '../../pages/medic-home';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';
import { freezeDateAt } from '../../test/frozen-date';
import { agendaItem, NOW, TODAY } from './test-agenda';

function renderHome(language: 'en' | 'es', appointments = [agendaItem({ idHistory: 1, date: `${TODAY}T09:00` }), agendaItem({ idHistory: 2, date: `${TODAY}T10:00` })]) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.myPatients': () => ok({ patients: [] }),
    'medics.linkRequests': () => ok({ requests: [] }),
    'medics.agenda': () => ok({ appointments }),
  });
  const app = renderApp({ path: '/medic/patients', session: sessionFor(medicUser), language });
  return { server, app };
}

describe("the medic home's way into the agenda", () => {
  freezeDateAt(NOW);

  it("counts today's appointments and leads to the agenda", async () => {
    const { server, app } = renderHome('en');
    const link = await screen.findByRole('link', { name: 'Today: 2 appointments' });
    expect(server.callsTo('medics.agenda')[0]!.input).toEqual({ from: TODAY, to: TODAY });
    await userEvent.setup().click(link);
    expect(app.currentPath()).toBe('/agenda');
  });

  it('says it in Spanish, in the singular too', async () => {
    renderHome('es', [agendaItem({ idHistory: 1, date: `${TODAY}T09:00` })]);
    expect(await screen.findByRole('link', { name: 'Hoy: 1 cita' })).toHaveAttribute('href', '/agenda');
  });

  it("puts the agenda in a medic's header on every page", async () => {
    renderHome('es', []);
    expect(await screen.findByRole('link', { name: 'Hoy: 0 citas' })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Secciones' });
    expect(sections.querySelector('a')).toHaveAttribute('href', '/agenda');
    expect(sections).toHaveTextContent('Agenda');
    expect(sections.querySelector('a')).not.toHaveAttribute('aria-current');
  });
});
