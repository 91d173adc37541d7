// The diagnosis combobox as a doctor uses it: by keyboard (WAI-ARIA 1.2's combobox: the arrows move
// an active option named by aria-activedescendant, Enter picks, Escape closes), searching once
// typing pauses and cancelling the search the doctor typed past. Only the network is faked (global
// fetch answering as tRPC's HTTP endpoint does, test/fake-trpc-server.ts): the server is another
// process, and what is under test is everything on this side of it — the component, its debounce,
// TanStack Query's cancellation and the tRPC link that turns it into an aborted request.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../../../shared/catalog';
import { compactCode } from '../../../../shared/catalog';
import { AppProviders } from '../../app/providers';
import { createI18n, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { fakeTrpcServer, ok, type FakeCall } from '../../test/fake-trpc-server';
import { DiagnosisCombobox } from './diagnosis-combobox';
import { DIAGNOSIS_SEARCH_PAUSE_MS } from './use-diagnosis-search';

const CATALOG: Diagnosis[] = [
  { code: 'E11', name: 'Diabetes mellitus tipo 2' },
  { code: 'E11.9', name: 'Diabetes mellitus tipo 2 sin complicaciones' },
  { code: 'E10.9', name: 'Diabetes mellitus tipo 1 sin complicaciones' },
  { code: 'I10', name: 'Hipertensión esencial (primaria)' },
  { code: 'J45.9', name: 'Asma no especificada' },
];

/** catalog.diagnoses as the server answers it, near enough: codes by prefix, then names holding every word. */
function searchCatalog(input: unknown) {
  const { q } = input as { q: string };
  const typed = compactCode(q);
  const byCode = typed ? CATALOG.filter((diagnosis) => compactCode(diagnosis.code)!.startsWith(typed)) : [];
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(q).split(/\s+/).filter(Boolean);
  const byName = CATALOG.filter((diagnosis) => !byCode.includes(diagnosis) && words.every((word) => fold(diagnosis.name).includes(word)));
  return ok([...byCode, ...byName]);
}

function Harness({ initial = [] }: { initial?: Diagnosis[] }) {
  const [value, setValue] = useState<Diagnosis[]>(initial);
  return (
    <form aria-label="Nota">
      <DiagnosisCombobox label="Diagnoses" value={value} onChange={setValue} />
      <output aria-label="picked">{value.map((diagnosis) => diagnosis.code).join(',')}</output>
    </form>
  );
}

function renderCombobox(handler: Parameters<typeof fakeTrpcServer>[0][string] = searchCatalog, language: 'es' | 'en' = 'en', initial: Diagnosis[] = []) {
  const server = fakeTrpcServer({ 'catalog.diagnoses': handler });
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const location = memoryLocation({ path: '/' });
  render(
    <Router hook={location.hook}>
      <AppProviders i18n={createI18n()}>
        <Harness initial={initial} />
      </AppProviders>
    </Router>,
  );
  return { server, user: userEvent.setup(), input: screen.getByRole('combobox', { name: /Diagnoses|Diagnósticos/ }) };
}

const picked = () => screen.getByLabelText('picked').textContent;
const searches = (server: ReturnType<typeof fakeTrpcServer>) => server.callsTo('catalog.diagnoses').map((call) => (call.input as { q: string }).q);

describe('the diagnosis combobox', () => {
  it('is a combobox that controls a listbox, collapsed until there is something to choose', async () => {
    const { input, user } = renderCombobox();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.type(input, 'diabetes');
    expect(await screen.findByRole('listbox')).toBe(listbox);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = within(listbox!).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'E11 Diabetes mellitus tipo 2',
      'E11.9 Diabetes mellitus tipo 2 sin complicaciones',
      'E10.9 Diabetes mellitus tipo 1 sin complicaciones',
    ]);
  });

  it('moves through the options with the arrow keys, picks with Enter, and shows the pick as a removable chip', async () => {
    const { input, user } = renderCombobox();
    await user.type(input, 'diabetes');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option the first comes again.
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(picked()).toBe('E11.9');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();

    const chips = screen.getByRole('list', { name: 'Chosen diagnoses' });
    expect(within(chips).getByRole('listitem')).toHaveTextContent('E11.9 Diabetes mellitus tipo 2 sin complicaciones');
    // A picked diagnosis is not offered again.
    await user.type(input, 'diabetes');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent?.split(' ')[0])).toEqual(['E11', 'E10.9']));
    await user.click(within(chips).getByRole('button', { name: 'Remove diagnosis E11.9 Diabetes mellitus tipo 2 sin complicaciones' }));
    expect(picked()).toBe('');
    expect(input).toHaveFocus();
  });

  it('closes the list with Escape, keeping the text, and clears the text with a second Escape', async () => {
    const { input, user } = renderCombobox();
    await user.type(input, 'asma');
    await screen.findByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('asma');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
    expect(picked()).toBe('');
  });

  it('picks a code typed exactly with Enter, however it is written, even before the search has answered', async () => {
    const { input, user, server } = renderCombobox();
    await user.type(input, 'i10{Enter}');
    await waitFor(() => expect(picked()).toBe('I10'));
    await user.type(input, 'e119{Enter}');
    await waitFor(() => expect(picked()).toBe('I10,E11.9'));
    expect(searches(server)).toContain('e119');
  });

  it('says so when a typed code is not in the catalog, and picks nothing', async () => {
    const { input, user } = renderCombobox(searchCatalog, 'es');
    await user.type(input, 'X99.9{Enter}');
    await waitFor(() => expect(input).toHaveAccessibleDescription(/X99\.9 no es un código del catálogo de diagnósticos/));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(picked()).toBe('');
    // Typing again takes the message away.
    await user.type(input, '{Backspace}');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('searches once typing pauses, in the interface language, not on every key', async () => {
    const { input, user, server } = renderCombobox(searchCatalog, 'es');
    await user.type(input, 'hipertension');
    await screen.findByRole('option', { name: /I10/ });
    expect(searches(server)).toEqual(['hipertension']);
    expect(server.callsTo('catalog.diagnoses')[0]!.input).toMatchObject({ lang: 'es', limit: 10 });
    // Nothing more is asked while the text stays as it is.
    await act(() => new Promise((resolve) => setTimeout(resolve, DIAGNOSIS_SEARCH_PAUSE_MS * 2)));
    expect(searches(server)).toEqual(['hipertension']);
  });

  it('cancels the search for a text the doctor has typed past', async () => {
    const pending: FakeCall[] = [];
    const { input, user, server } = renderCombobox((query, call) => {
      if ((query as { q: string }).q !== 'diab') return searchCatalog(query);
      // This answer never comes on its own: the request waits until it is aborted.
      pending.push(call);
      return new Promise((resolve) => call.signal?.addEventListener('abort', () => resolve(ok([]))));
    });
    await user.type(input, 'diab');
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]!.signal?.aborted).toBe(false);
    await user.type(input, 'etes');
    await screen.findByRole('option', { name: /E11\.9/ });
    expect(pending[0]!.signal?.aborted).toBe(true);
    expect(searches(server)).toEqual(['diab', 'diabetes']);
  });
});
