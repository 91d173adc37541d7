// The skip link: the first stop of Tab on the public and the signed-in
// pages, in the interface language, and it moves focus into the main landmark.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-trpc-server';
import { medicUser, renderApp } from '../test/render-app';
import { renderSignedIn } from '../test/signed-in';

describe('the skip link', () => {
  it('is the first focusable element of the sign-in page and focuses the main landmark', async () => {
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The next Tab goes on from inside the page, past the header's language buttons.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('leads a signed-in page too, in Spanish', async () => {
    renderSignedIn(medicUser, '/medic/profile', {
      handlers: {
        'medics.patientPage': () => ok({ patients: [], nextCursor: null, total: 0 }),
      },
      language: 'es',
    });
    await screen.findByRole('main');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
