import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/auth';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n } from '../lib/i18n';
import { adminUser, medicUser, patientUser } from '../test/render-app';
import { UserMenu } from './user-menu';

function renderMenu(language: 'es' | 'en' = 'en', user: User = medicUser) {
  localStorage.setItem('expediente.lang', language);
  const onLogout = vi.fn();
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Router hook={location.hook}>
      <I18nextProvider i18n={createI18n()}>
        <p>Outside</p>
        <UserMenu user={user} onLogout={onLogout} />
      </I18nextProvider>
    </Router>,
  );
  return {
    onLogout,
    currentPath: () => location.history.at(-1),
    trigger: screen.getByRole('button', { name: language === 'es' ? /Menú de usuario$/ : /User menu$/ }),
  };
}

describe('user menu', () => {
  it('shows initials on a button that opens the name, badge, email, languages and sign-out', async () => {
    const { trigger, onLogout } = renderMenu('es');
    const user = userEvent.setup();

    expect(trigger).toHaveTextContent('AM');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);

    const panel = screen.getByRole('dialog', { name: 'Andrés Mora' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText('Médico')).toBeInTheDocument();
    expect(within(panel).getByText('andres.mora@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'ES Español' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(panel).getByRole('button', { name: 'EN English' }));
    expect(within(panel).getByText('Medic')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Sign out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('closes on Escape, giving focus back to the avatar', async () => {
    const { trigger } = renderMenu();
    const user = userEvent.setup();

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside, but not on a click inside', async () => {
    const { trigger } = renderMenu();
    const user = userEvent.setup();

    await user.click(trigger);
    await user.click(screen.getByText('andres.mora@example.com'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['a patient', patientUser, ['Change password', 'Security']],
    ['a medic', medicUser, ['Change password', 'Security', 'My profile']],
    ['the administrator', adminUser, ['Change password', 'Security', 'My profile', 'Practice administration']],
  ] as const)('offers %s the account pages they may use', async (_who, signedIn, expected) => {
    const { trigger } = renderMenu('en', signedIn);
    const user = userEvent.setup();

    await user.click(trigger);
    const links = within(screen.getByRole('navigation', { name: 'Account' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(expected);
  });

  it('names the links in Spanish and leads to their page, closing the panel', async () => {
    const { trigger, currentPath } = renderMenu('es', adminUser);
    const user = userEvent.setup();

    await user.click(trigger);
    expect(screen.getByRole('link', { name: 'Cambiar contraseña' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('link', { name: 'Seguridad' })).toHaveAttribute('href', '/security');
    expect(screen.getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('link', { name: 'Administración de la consulta' }));

    expect(currentPath()).toBe('/admin');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reaches the links and sign-out with the keyboard', async () => {
    const { trigger, currentPath } = renderMenu('en', medicUser);
    const user = userEvent.setup();

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/profile');
  });
});
