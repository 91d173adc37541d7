import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeLockedServer } from '../../test/fake-locked-server';
import { renderApp } from '../../test/render-app';

const KEY = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345-6789-ABCD-EFGH-JKMN-PQRS-TV00';
const CHOSEN = 'caballo correcto batería grapa';

afterEach(() => vi.unstubAllGlobals());

async function choose(passphrase: string, again = passphrase) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Practice passphrase'), passphrase);
  await user.type(screen.getByLabelText('The same passphrase again'), again);
  await user.click(screen.getByRole('button', { name: 'Set up the practice' }));
  return user;
}

describe('the set-up page of a new practice', () => {
  it('asks for the passphrase twice, refusing a short one or two that differ before calling the server', async () => {
    const server = fakeLockedServer({ setup: true, setUp: () => ({ status: 201, body: { recoveryKey: KEY } }) });
    const app = renderApp({ path: '/login', practiceLock: 'setup' });
    expect(await screen.findByRole('heading', { name: 'Set up the practice' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/set-up');
    await choose('corta', 'otra');
    expect(await screen.findByText('The passphrase must have at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('The passphrases do not match')).toBeInTheDocument();
    expect(server.posted).toEqual([]);
  });

  it('shows a refusal of the server under the passphrase', async () => {
    fakeLockedServer({ setup: true, setUp: () => ({ status: 400, body: errorBody(400, 'VALIDATION_FAILED', [{ path: 'passphrase', message: 'validation.passphraseTooShort' }]) }) });
    renderApp({ path: '/set-up', practiceLock: 'setup' });
    await choose(CHOSEN);
    expect(await screen.findByText('The passphrase must have at least 12 characters')).toBeInTheDocument();
  });

  it('shows the recovery key once in groups, prints it, and goes on to registration only once it is said to be kept', async () => {
    const server = fakeLockedServer({ setup: true, setUp: () => ({ status: 201, body: { recoveryKey: KEY } }), healthChecksToOpen: 1 });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const app = renderApp({ path: '/set-up', practiceLock: 'setup', language: 'es' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Frase del consultorio'), CHOSEN);
    await user.type(screen.getByLabelText('La misma frase otra vez'), CHOSEN);
    await user.click(screen.getByRole('button', { name: 'Crear el consultorio' }));

    expect(await screen.findByRole('heading', { name: 'Guarde la clave de recuperación' })).toBeInTheDocument();
    expect(server.posted).toEqual([{ path: '/api/unlock/setup', body: { passphrase: CHOSEN } }]);
    const groups = screen.getByRole('list', { name: 'Clave de recuperación, 13 grupos de cuatro caracteres' });
    expect(within(groups).getAllByRole('listitem').map((item) => item.textContent)).toEqual(KEY.split('-'));
    // Reading goes on at the key, the button pressed being gone.
    expect(screen.getByRole('region', { name: 'Expediente: clave de recuperación del consultorio' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Continuar con el registro' }));
    expect(await screen.findByText('Confirme que ha guardado la clave de recuperación antes de seguir.')).toBeInTheDocument();
    const kept = screen.getByRole('checkbox', { name: 'He impreso o copiado la clave de recuperación y la guardaré aparte' });
    expect(kept).toHaveFocus();
    expect(app.currentPath()).toBe('/set-up');

    await user.keyboard(' ');
    expect(kept).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continuar con el registro' }));
    await waitFor(() => expect(app.currentPath()).toBe('/register'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { name: 'Crear una cuenta' })).toBeInTheDocument();
  });
});
