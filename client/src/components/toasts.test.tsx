import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { clearSession, writeSession } from '../lib/session-storage';
import { medicUser, sessionFor } from '../test/render-app';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, ToastProvider, useToast } from './toasts';

function Triggers() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved successfully')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Error removing patient', 'Patient not found.')}>
        ko
      </button>
    </>
  );
}

function renderToasts() {
  localStorage.setItem('expediente.lang', 'en');
  render(
    <I18nextProvider i18n={createI18n()}>
      <ToastProvider>
        <Triggers />
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
  });

  it('takes every toast away when the user who saw it signs out, so the sign-in page shows none of theirs', () => {
    act(() => writeSession(sessionFor(medicUser)));
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    // Held open by the pointer resting on it, as after clicking a button beside it.
    fireEvent.mouseEnter(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully');
    act(() => clearSession());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Said with nobody signed in, a toast stays until it hides by itself.
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully');
  });

  it('announces successes politely and failures assertively, then hide by themselves', () => {
    vi.useFakeTimers();
    renderToasts();

    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'ko' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully');
    expect(screen.getByRole('alert')).toHaveTextContent('Error removing patient Patient not found.');

    act(() => vi.advanceTimersByTime(TOAST_SUCCESS_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_ERROR_MS - TOAST_SUCCESS_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while the pointer rests on it, and goes at once with its close button', () => {
    vi.useFakeTimers();
    renderToasts();

    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(TOAST_SUCCESS_MS * 3));
    expect(screen.getByRole('status')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
