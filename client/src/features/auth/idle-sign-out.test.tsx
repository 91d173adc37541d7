// A signed-in browser left alone for IDLE_MINUTES signs out, after a
// minute's warning that can keep it signed in; keys and the pointer count as activity.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

const MINUTE = 60_000;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const warning = () => screen.queryByRole('dialog', { name: /You will be signed out in/ });

async function signedInHome(idleMinutes = 5, language: 'en' | 'es' = 'en') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.myPatients': () => ok({ patients: [] }),
    'medics.linkRequests': () => ok({ requests: [] }),
    'practice.info': () => ok({ name: null, idleMinutes }),
    'auth.logout': () => ok(null),
  });
  const app = renderApp({ path: '/medic/patients', session: sessionFor(medicUser), language });
  await screen.findByRole('heading', { name: language === 'en' ? 'My patients' : 'Mis pacientes' }, { timeout: 5000 });
  await waitFor(() => expect(server.callsTo('practice.info')).toHaveLength(1));
  return { server, app };
}

describe('signing out an idle browser', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('warns a minute before IDLE_MINUTES, in a titled dialog whose "Stay signed in" is reached by the keyboard', async () => {
    const { server } = await signedInHome(5);
    await advance(4 * MINUTE - 2_000);
    expect(warning()).not.toBeInTheDocument();

    await advance(2_000);
    const dialog = screen.getByRole('dialog', { name: 'You will be signed out in 60 s' });
    expect(dialog).toHaveAccessibleDescription('Nothing has been typed or clicked here for a while.');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await advance(10_000);
    expect(screen.getByRole('dialog', { name: 'You will be signed out in 50 s' })).toBeInTheDocument();

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.keyboard('{Enter}');
    expect(warning()).not.toBeInTheDocument();
    await advance(2 * MINUTE);
    expect(localStorage.getItem('expediente.session')).not.toBeNull();
    expect(server.callsTo('auth.logout')).toHaveLength(0);
  });

  it('starts the quiet time again on a key press or a pointer move', async () => {
    await signedInHome(5);
    await advance(3 * MINUTE);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(3 * MINUTE);
    expect(warning()).not.toBeInTheDocument();
    fireEvent.pointerMove(document.body);
    await advance(3 * MINUTE + 30_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(30_000);
    expect(warning()).toBeInTheDocument();
  });

  it('signs out when the minute runs out, and the sign-in page says why', async () => {
    const { server, app } = await signedInHome(5);
    await advance(4 * MINUTE);
    expect(warning()).toBeInTheDocument();

    await advance(MINUTE);
    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    expect(server.callsTo('auth.logout')).toHaveLength(1);
    expect(localStorage.getItem('expediente.session')).toBeNull();
    expect(await screen.findByText('You were signed out after a while without activity, sign in again')).toHaveAttribute('role', 'status');
  });

  it('warns in Spanish too', async () => {
    await signedInHome(5, 'es');
    await advance(4 * MINUTE);
    expect(screen.getByRole('dialog', { name: 'Se cerrará su sesión en 60 s' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seguir conectado' })).toBeInTheDocument();
  });
});
