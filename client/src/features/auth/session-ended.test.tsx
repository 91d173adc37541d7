// A session that ends by itself (expired or revoked: any call answers 401)
// used to drop the user on the sign-in page with no word why, and home after signing in again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

function expiredOnRecordPage(language: 'en' | 'es') {
  // The stored token is refused until the user signs in again; the record itself is not the point.
  let expired = true;
  fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.patientDetail': () => fail(expired ? 'UNAUTHENTICATED' : 'PATIENT_NOT_FOUND'),
    'auth.login': () => {
      expired = false;
      return ok(sessionFor(medicUser));
    },
  });
  return renderApp({ path: '/medic/patient/12', session: sessionFor(medicUser), language });
}

describe('a session that ends by itself', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('says so on the sign-in page and returns to the page the user was on after signing in', async () => {
    const app = expiredOnRecordPage('en');

    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your session ended, sign in again')).toHaveAttribute('role', 'status');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), medicUser.email);
    await user.type(screen.getByLabelText('Password'), 'secreto-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.currentPath()).toBe('/medic/patient/12'), { timeout: 5000 });
    expect(sessionStorage.getItem('expediente.sessionEnd')).toBeNull();
  });

  it('says so in Spanish too', async () => {
    expiredOnRecordPage('es');
    expect(await screen.findByText('Su sesión terminó, inicie sesión de nuevo', {}, { timeout: 5000 })).toHaveAttribute('role', 'status');
  });

  it('says nothing to a visitor who simply opens the sign-in page', async () => {
    fakeTrpcServer({});
    renderApp({ path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Your session ended, sign in again')).not.toBeInTheDocument();
  });
});
