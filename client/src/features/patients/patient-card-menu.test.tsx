import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { lucia, mateo, renderMedicHome } from './test-patients';
import { advance, hold, longPress } from '../../test/long-press';

describe('patient card menu', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after a 500 ms press and hold, not at 499 ms, and the release does not open the patient', async () => {
    const { app } = renderMedicHome();
    const link = await screen.findByRole('link', { name: 'Lucía Hernández Ruiz' });
    vi.useFakeTimers();

    hold(link, 499, 40);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    advance(1);
    const menu = screen.getByRole('menu', { name: 'Actions for Lucía Hernández Ruiz' });
    expect(within(menu).getByRole('menuitem', { name: 'Remove from my patients' })).toHaveFocus();

    // Held well past the outside-click delay: the release's click still neither navigates nor closes.
    advance(300);
    fireEvent.pointerUp(link, { button: 0, clientX: 40, clientY: 40 });
    fireEvent.click(link, { button: 0 });
    expect(app.currentPath()).toBe('/medic/patients');
    expect(screen.getByRole('menu')).toBeInTheDocument();

    // The next ordinary click is a click again.
    advance(10);
    fireEvent.click(link, { button: 0 });
    expect(app.currentPath()).toBe('/medic/patient/11');
  });

  it('forgets a press that is released or moved before 500 ms', async () => {
    renderMedicHome();
    const link = await screen.findByRole('link', { name: 'Lucía Hernández Ruiz' });
    vi.useFakeTimers();

    hold(link, 400, 40);
    fireEvent.pointerUp(link, { button: 0 });
    advance(400);
    fireEvent.pointerDown(link, { button: 0, clientX: 40, clientY: 40 });
    fireEvent.pointerMove(link, { clientX: 40, clientY: 80 });
    advance(600);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a click elsewhere only once 100 ms have passed since it opened', async () => {
    renderMedicHome();
    const link = await screen.findByRole('link', { name: 'Lucía Hernández Ruiz' });
    vi.useFakeTimers();
    longPress(link, 40);

    fireEvent.click(document.body);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    advance(99);
    fireEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens from the keyboard: the menu button, Escape returning focus to it, and the ContextMenu key', async () => {
    renderMedicHome();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Actions for Lucía Hernández Ruiz' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Remove from my patients' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    const link = screen.getByRole('link', { name: 'Mateo Gómez' });
    link.focus();
    await user.keyboard('{ContextMenu}');
    expect(screen.getByRole('menu', { name: 'Actions for Mateo Gómez' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(link).toHaveFocus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(screen.getByRole('menu', { name: 'Actions for Mateo Gómez' })).toBeInTheDocument();
  });

  it('asks before unlinking, and does nothing when the medic says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { server } = renderMedicHome();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for Mateo Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove from my patients' }));

    expect(confirm).toHaveBeenCalledWith(
      'Remove Mateo Gómez from your patients? Their record is kept, and you can link them again later.',
    );
    expect(server.callsTo('medics.unlinkPatient')).toHaveLength(0);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Mateo Gómez' })).toBeInTheDocument();
  });

  it('unlinks once confirmed, says so and reloads the list', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let linked = [lucia, mateo];
    const { server } = renderMedicHome({
      handlers: {
        'medics.myPatients': () => ok({ patients: linked }),
        'medics.unlinkPatient': () => {
          linked = [lucia];
          return ok(null);
        },
      },
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for Mateo Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove from my patients' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Patient removed from your list: Mateo Gómez');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mateo Gómez' })).not.toBeInTheDocument());
    expect(server.callsTo('medics.unlinkPatient').map((call) => call.input)).toEqual([{ idPatient: 12 }]);
    expect(server.callsTo('medics.patientPage')).toHaveLength(2);
  });

  it("reports a failed unlink with the server's reason, in Spanish too", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderMedicHome({ language: 'es', handlers: { 'medics.unlinkPatient': () => fail('PATIENT_NOT_FOUND') } });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Acciones para Mateo Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Quitar de mis pacientes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al quitar al paciente');
    expect(alert).toHaveTextContent('Paciente no encontrado.');
  });
});
