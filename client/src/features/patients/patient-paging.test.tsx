// The medic home with a practice of hundreds of patients: a page at a time, more on scroll or on
// request, the total in the subtitle, and only the cards near the viewport in the page. jsdom lays
// nothing out: the grid falls back to the window's size (1024 × 768) and an estimated row height.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listItem, renderMedicHome } from './test-patients';

const practice = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    listItem({ idPatient: index + 1, name: `Paciente${String(index + 1).padStart(4, '0')}`, lname: 'Prueba' }),
  );

/** Scrolls the window to `y` the way a browser reports it. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  fireEvent.scroll(window);
}

const cursorsSent = (calls: { input: unknown }[]) => calls.map((call) => (call.input as { cursor?: string | null }).cursor ?? null);

describe('a large practice on the medic home', () => {
  // The virtualizer corrects the scroll position as rows change size; jsdom has no scrolling to do.
  beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => {
    scrollTo(0);
    vi.restoreAllMocks();
  });

  it('loads the first page of 50, says how many patients there are, and renders only the cards in view', async () => {
    const { server } = renderMedicHome({ patients: practice(120) });

    expect(await screen.findByText('120 patients')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Paciente0001 Prueba' });
    expect(server.callsTo('medics.patientPage')).toHaveLength(1);
    expect(server.callsTo('medics.patientPage')[0]!.input).toMatchObject({ limit: 50, q: '' });
    const cards = screen.getAllByRole('article');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(50);
    // Assistive technology hears where a card sits in the whole list.
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '120');
  });

  it('loads the next page as the medic scrolls to the end of what is loaded', async () => {
    const { server } = renderMedicHome({ patients: practice(120) });
    await screen.findByRole('article', { name: 'Paciente0001 Prueba' });

    // The first page's 17 rows of 3 cards end at 3,400 px (estimated 200 px a row); the viewport is 768 px tall.
    act(() => scrollTo(2_700));
    await waitFor(() => expect(server.callsTo('medics.patientPage')).toHaveLength(2));
    expect(cursorsSent(server.callsTo('medics.patientPage'))).toEqual([null, 'after-50']);
    expect(await screen.findByRole('article', { name: 'Paciente0052 Prueba' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Paciente0001 Prueba' })).not.toBeInTheDocument();
  });

  it('loads more from the keyboard with the Load more button', async () => {
    const { server } = renderMedicHome({ patients: practice(120) });
    await screen.findByRole('article', { name: 'Paciente0001 Prueba' });
    const user = userEvent.setup();

    screen.getByRole('button', { name: 'Load more patients' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cursorsSent(server.callsTo('medics.patientPage'))).toEqual([null, 'after-50']));
  });

  it('keeps the number of cards in the page bounded however far the medic scrolls', async () => {
    const { server } = renderMedicHome({ patients: practice(1_000) });
    await screen.findByRole('article', { name: 'Paciente0001 Prueba' });

    for (let page = 2; page <= 8; page += 1) {
      act(() => scrollTo(1_000_000));
      await waitFor(() => expect(server.callsTo('medics.patientPage').length).toBeGreaterThanOrEqual(page));
    }
    // Eight pages are 400 patients; the page holds the rows near the end of them, not all.
    await waitFor(() => expect(screen.getAllByRole('listitem').at(-1)).toHaveAttribute('aria-posinset', expect.stringMatching(/^[4-9]\d\d$/)));
    expect(screen.queryByRole('article', { name: 'Paciente0001 Prueba' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(60);
  });
});
