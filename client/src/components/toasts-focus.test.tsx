// Focus after a toast is dismissed by keyboard: back to where it was
// before it entered the toasts, never lost to <body>.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { ToastProvider, useToast } from './toasts';

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Saved successfully')}>
      Save
    </button>
  );
}

describe('dismissing a toast', () => {
  it('hands focus back to the control it came from, not to <body>', async () => {
    localStorage.setItem('expediente.lang', 'en');
    render(
      <I18nextProvider i18n={createI18n()}>
        <ToastProvider>
          <SaveButton />
        </ToastProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    expect(dismiss).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });
});
