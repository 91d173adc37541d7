// Where focus goes when a dialog closes: back to what opened it, and when
// that is gone (deleted while the dialog was open) or was never known (focus had already fallen to
// <body>, as it does in Chromium when a button is disabled while its request runs), to the nearest
// place that stayed, never to <body>.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { Modal } from './modal';
import { MAIN_CONTENT_ID } from './skip-link';

/** A list whose items open a dialog that can delete the item it was opened from. */
function Items() {
  const [names, setNames] = useState(['Uno', 'Dos', 'Tres']);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <button type="button" onClick={() => setOpen(name)}>
              Open {name}
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Modal title={`Item ${open}`} onClose={() => setOpen(null)}>
          <button type="button" onClick={() => setNames((list) => list.filter((name) => name !== open))}>
            Delete
          </button>
        </Modal>
      )}
    </main>
  );
}

function renderInEnglish(ui: React.ReactNode) {
  localStorage.setItem('expediente.lang', 'en');
  return render(<I18nextProvider i18n={createI18n()}>{ui}</I18nextProvider>);
}

describe('focus when a dialog closes', () => {
  it('goes back to the button that opened it', async () => {
    renderInEnglish(<Items />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open Dos' }));
    expect(screen.getByRole('dialog', { name: 'Item Dos' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open Dos' })).toHaveFocus();
  });

  it('goes to the item that took its place when its opener was deleted meanwhile, not to <body>', async () => {
    renderInEnglish(<Items />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open Dos' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Open Dos' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Tres' })).toHaveFocus();
  });

  it('goes to the one before when the deleted opener was the last item', async () => {
    renderInEnglish(<Items />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open Tres' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open Dos' })).toHaveFocus();
  });

  it('goes to the main landmark when nothing had focus as it opened, not to <body>', async () => {
    function OpensByItself() {
      const [open, setOpen] = useState(true);
      return (
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <p>Temporary password issued</p>
          {open && (
            <Modal title="Temporary password" onClose={() => setOpen(false)}>
              <p>abcd-efgh</p>
            </Modal>
          )}
        </main>
      );
    }
    expect(document.body).toHaveFocus();
    renderInEnglish(<OpensByItself />);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Temporary password' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
