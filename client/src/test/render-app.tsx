// Renders the whole app (providers, routes, i18n) at a given address, in memory, so tests drive
// it the way a user would and can read where it navigated.
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Session, User } from '../../../shared/auth';
import { App } from '../app/app';
import type { PracticeLock } from '../features/practice-lock/practice-lock';
import { createI18n, LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { SESSION_STORAGE_KEY } from '../lib/session-storage';

export const patientUser: User = {
  idUser: 7,
  name: 'Lucía',
  lname: 'Hernández Ruiz',
  email: 'lucia@example.com',
  type: 'patient',
  phone: '5512345678',
  address: null,
  isAdmin: false,
  status: 'active',
  mustChangePassword: false,
  twoFactor: { totp: false, passkeys: 0 },
};

export const medicUser: User = {
  idUser: 3,
  name: 'Andrés',
  lname: 'Mora',
  email: 'andres.mora@example.com',
  type: 'medic',
  phone: null,
  address: null,
  isAdmin: false,
  status: 'active',
  mustChangePassword: false,
  twoFactor: { totp: false, passkeys: 0 },
};

/** The practice administrator: the install's first medic. */
export const adminUser: User = {
  idUser: 1,
  name: 'Elena',
  lname: 'Pérez',
  email: 'elena.perez@example.com',
  type: 'medic',
  phone: null,
  address: null,
  isAdmin: true,
  status: 'active',
  mustChangePassword: false,
  twoFactor: { totp: false, passkeys: 0 },
};

export const sessionFor = (user: User): Session => ({ access_token: `token-${user.idUser}`, user });

interface RenderAppOptions {
  path: string;
  /** Stored before the app starts, as if from an earlier visit. */
  session?: Session;
  /** Stored language choice; null leaves it to the browser language. */
  language?: 'es' | 'en' | null;
  /** The practice is locked (or new), as a locked server's page says. */
  practiceLock?: PracticeLock | null;
}

export function renderApp({ path, session, language = 'en', practiceLock = null }: RenderAppOptions) {
  if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const location = memoryLocation({ path, record: true });
  const i18n = createI18n();
  const view = render(
    <Router hook={location.hook}>
      <App i18n={i18n} practiceLock={practiceLock} />
    </Router>,
  );
  return { ...view, i18n, location, currentPath: () => location.history.at(-1) };
}
