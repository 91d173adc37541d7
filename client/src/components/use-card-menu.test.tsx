// A card's menu and where focus goes: Escape, or a dialog opened from the
// menu closing, hands focus back to the card's ⋮ button (the menu item that opened the dialog is
// gone by then); a choice that removes the card (unlinking a patient or a doctor) hands it to the
// card that took its place, never to <body>.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { ContextMenu } from './context-menu';
import { Modal } from './modal';
import { MAIN_CONTENT_ID } from './skip-link';
import { useCardMenu } from './use-card-menu';

interface CardProps {
  name: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onRemove: () => void;
  onDetails: () => void;
}

function Card({ name, menuOpen, onOpenMenu, onCloseMenu, onRemove, onDetails }: CardProps) {
  const { menuId, cardProps, menuButtonProps, closeMenu } = useCardMenu({ menuOpen, onOpenMenu, onCloseMenu });
  return (
    <article aria-label={name} {...cardProps}>
      <a href={`#${name}`}>{name}</a>
      <button type="button" aria-label={`Actions for ${name}`} {...menuButtonProps}>
        ⋮
      </button>
      {menuOpen && (
        <ContextMenu
          id={menuId}
          label={`Actions for ${name}`}
          onClose={closeMenu}
          items={[
            { id: 'details', label: 'Details', onSelect: onDetails },
            { id: 'remove', label: 'Remove', onSelect: onRemove },
          ]}
        />
      )}
    </article>
  );
}

/** Cards in a list, as the medic's patients and the patient's doctors are; `removeLater` removes as an answer from the server would, after the menu has closed. */
function Cards({ names: initial, removeLater = false }: { names: string[]; removeLater?: boolean }) {
  const [names, setNames] = useState(initial);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const remove = (name: string) => setNames((list) => list.filter((other) => other !== name));
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      <h1>Patients</h1>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <Card
              name={name}
              menuOpen={menuFor === name}
              onOpenMenu={() => setMenuFor(name)}
              onCloseMenu={() => setMenuFor((open) => (open === name ? null : open))}
              onRemove={() => (removeLater ? setTimeout(() => remove(name)) : remove(name))}
              onDetails={() => setDetailsFor(name)}
            />
          </li>
        ))}
      </ul>
      {detailsFor && (
        <Modal title={`Details of ${detailsFor}`} onClose={() => setDetailsFor(null)}>
          <p>{detailsFor}</p>
        </Modal>
      )}
    </main>
  );
}

function renderInEnglish(ui: ReactNode) {
  localStorage.setItem('expediente.lang', 'en');
  return render(<I18nextProvider i18n={createI18n()}>{ui}</I18nextProvider>);
}

/** Removes a card from its menu. Focus is placed after React's passive clean-up, which may run a
 * moment after the card is seen gone, so the tests wait for focus. */
async function removeByKeyboard(name: string) {
  const user = userEvent.setup();
  screen.getByRole('button', { name: `Actions for ${name}` }).focus();
  await user.keyboard('{Enter}');
  expect(within(screen.getByRole('menu', { name: `Actions for ${name}` })).getByRole('menuitem', { name: 'Details' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await expect.poll(() => screen.queryByRole('article', { name })).toBeNull();
}

describe('focus around a card menu', () => {
  it('goes back to the ⋮ button on Escape', async () => {
    renderInEnglish(<Cards names={['Uno', 'Dos']} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Actions for Dos' });
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('goes back to the ⋮ button when a dialog opened from the menu closes', async () => {
    renderInEnglish(<Cards names={['Uno', 'Dos']} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Actions for Dos' });
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Details of Dos' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("goes to the ⋮ button of the card that took the removed card's place, not to <body>", async () => {
    renderInEnglish(<Cards names={['Uno', 'Dos', 'Tres']} />);
    await removeByKeyboard('Dos');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Tres' })).toHaveFocus());
  });

  it('goes there too when the card leaves later, once the server has answered', async () => {
    renderInEnglish(<Cards names={['Uno', 'Dos', 'Tres']} removeLater />);
    await removeByKeyboard('Dos');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Tres' })).toHaveFocus());
  });

  it('goes to the card before when the last card is removed', async () => {
    renderInEnglish(<Cards names={['Uno', 'Dos']} />);
    await removeByKeyboard('Dos');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Uno' })).toHaveFocus());
  });

  it('goes to the main landmark when the only card is removed', async () => {
    renderInEnglish(<Cards names={['Uno']} />);
    await removeByKeyboard('Uno');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
