import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer } from '../test/fake-trpc-server';
import { renderApp } from '../test/render-app';

function browserLanguages(...languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0]!);
}

describe('language choice', () => {
  afterEach(() => {
    document.documentElement.lang = 'es';
  });

  it('is Spanish by default when the browser speaks neither language', async () => {
    browserLanguages('fr-FR', 'de');
    fakeTrpcServer({});
    renderApp({ path: '/login', language: null });

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ES Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(document.title).toBe('Expediente · Ingresar'));
  });

  it('follows the browser language, regional variants included', async () => {
    browserLanguages('en-GB');
    fakeTrpcServer({});
    renderApp({ path: '/login', language: null });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('lets a stored choice win over the browser language', async () => {
    browserLanguages('en-US', 'en');
    fakeTrpcServer({});
    renderApp({ path: '/login', language: 'es' });

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('switches the visible texts to English and remembers the choice', async () => {
    browserLanguages('es-MX');
    fakeTrpcServer({});
    renderApp({ path: '/register', language: null });
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Nombre')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EN English' }));

    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'I am a' })).getByLabelText('Medic')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('expediente.lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Expediente · Sign up'));
  });
});
