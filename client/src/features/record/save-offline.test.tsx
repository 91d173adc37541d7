// A save that cannot reach the server used to stay on "Saving..." with no
// word, then go through by itself when the connection came back. It must fail within 10 s, say
// "No connection — nothing was saved", and never be sent later.
import { act, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeCall } from '../../test/fake-trpc-server';
import { renderPatientPage } from '../../test/record-fixtures';

/** A server that never answers: like fetch, the request only ends when it is aborted. */
const neverAnswers = (_input: unknown, call: FakeCall) =>
  new Promise<never>((_resolve, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

interface Texts { add: string; form: string; name: RegExp; submit: string }

async function addAllergy(language: 'en' | 'es', texts: Texts, { offline = false } = {}) {
  const { server } = renderPatientPage({ language, handlers: { 'patients.allergies.add': neverAnswers } });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  // Offline only once the page is drawn: reading the record is not what is tested here.
  if (offline) onlineManager.setOnline(false);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: texts.add }));
  const form = screen.getByRole('form', { name: texts.form });
  await user.type(within(form).getByLabelText(texts.name), 'Látex');
  await user.click(within(form).getByRole('button', { name: texts.submit }));
  return { server, form };
}

describe('saving without a connection', () => {
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  it('fails within 10 s with "No connection — nothing was saved" when the server never answers', async () => {
    const { server } = await addAllergy('en', { add: 'Add allergy', form: 'New allergy', name: /Allergy name/, submit: 'Add' });
    expect(server.callsTo('patients.allergies.add')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection — nothing was saved');
  });

  it('fails at once while the browser is offline and sends nothing when the connection returns', async () => {
    const spanish = { add: 'Agregar alergia', form: 'Nueva alergia', name: /Nombre de la alergia/, submit: 'Agregar' };
    const { server } = await addAllergy('es', spanish, { offline: true });

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión — no se guardó nada');
    const sent = server.callsTo('patients.allergies.add').length;

    act(() => onlineManager.setOnline(true));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.callsTo('patients.allergies.add')).toHaveLength(sent);
  });
});
