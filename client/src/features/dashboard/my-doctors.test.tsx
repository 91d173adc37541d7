import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { drAna, drLuis, patientSelf, renderDashboard } from '../../test/dashboard-fixtures';
import { advance, hold, longPress } from '../../test/long-press';

const doctorsSection = () => screen.getByRole('region', { name: /^My doctors?$/ });

describe('my doctors', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each linked doctor's name, email, WhatsApp when there is one, and about", async () => {
    renderDashboard({ self: patientSelf({ doctors: [drAna, drLuis] }) });

    const ana = within(await screen.findByRole('article', { name: 'Ana Ruiz' }));
    expect(ana.getByRole('link', { name: 'ana.ruiz@example.com' })).toHaveAttribute('href', 'mailto:ana.ruiz@example.com');
    expect(ana.getByText('WhatsApp: +52 55 1111 2222')).toBeInTheDocument();
    expect(ana.getByText('Medicina familiar')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Luis Pérez' })).queryByText(/WhatsApp/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My doctors' })).toBeInTheDocument();
  });

  it('reveals the search with the add-doctor toggle, searching on Enter and on the button', async () => {
    const { server } = renderDashboard({
      handlers: { 'medics.searchDoctors': (input) => ok((input as { q: string }).q === 'luis' ? [drLuis] : []) },
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Add doctor' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByRole('searchbox', { name: 'Find a doctor by name or email' });
    await user.type(box, 'luis');
    // Typing alone does not search.
    expect(server.callsTo('medics.searchDoctors')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Link to Luis Pérez' })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'nadie');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No doctors found')).toBeInTheDocument();
    expect(server.callsTo('medics.searchDoctors').map((call) => call.input)).toEqual([{ q: 'luis' }, { q: 'nadie' }]);
  });

  it('clears the results without a call when the query is empty', async () => {
    const { server } = renderDashboard({ handlers: { 'medics.searchDoctors': () => ok([drLuis]) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add doctor' }));
    const box = screen.getByRole('searchbox');
    await user.type(box, 'luis{Enter}');
    await screen.findByText('Luis Pérez');

    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText('Luis Pérez')).not.toBeInTheDocument();
    expect(screen.queryByText('No doctors found')).not.toBeInTheDocument();
    expect(server.callsTo('medics.searchDoctors')).toHaveLength(1);
  });

  it('shows the search at once, with a message, when no doctor is linked', async () => {
    renderDashboard({ self: patientSelf({ doctors: [] }) });
    expect(await screen.findByText(/You are not linked to a doctor yet/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find a doctor by name or email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add doctor' })).not.toBeInTheDocument();
  });

  it('links a found doctor: clears and closes the search, reloads and says so', async () => {
    let doctors = [drAna];
    const { server } = renderDashboard({
      handlers: {
        'patients.me': () => ok(patientSelf({ doctors })),
        'medics.searchDoctors': () => ok([drAna, drLuis]),
        'patients.linkDoctor': () => {
          doctors = [drAna, drLuis];
          return ok({ message: 'Doctor linked', doctor: drLuis });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add doctor' }));
    await user.type(screen.getByRole('searchbox'), 'ruiz{Enter}');
    // A doctor already linked has no link button.
    expect(await screen.findByText('Already your doctor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link to Ana Ruiz' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link to Luis Pérez' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Linked to doctor Luis Pérez');
    expect(await screen.findByRole('article', { name: 'Luis Pérez' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add doctor' })).toHaveAttribute('aria-expanded', 'false');
    expect(server.callsTo('patients.linkDoctor').map((call) => call.input)).toEqual([{ doctorEmail: 'luis.perez@example.com' }]);
    expect(server.callsTo('patients.me')).toHaveLength(2);

    // Opened again, the search starts empty.
    await user.click(screen.getByRole('button', { name: 'Add doctor' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Doctors found' })).not.toBeInTheDocument();
  });

  it("reports a failed link with the server's reason, in Spanish too", async () => {
    renderDashboard({
      language: 'es',
      self: patientSelf({ doctors: [] }),
      handlers: { 'medics.searchDoctors': () => ok([drLuis]), 'patients.linkDoctor': () => fail('ALREADY_LINKED') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox'), 'luis{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Vincular con Luis Pérez' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al vincular con el médico');
    expect(alert).toHaveTextContent('Ya están vinculados.');
    expect(screen.getByRole('searchbox')).toHaveValue('luis');
  });

  it('opens the menu after a 500 ms press and hold, not at 499 ms', async () => {
    renderDashboard();
    const card = await screen.findByRole('article', { name: 'Ana Ruiz' });
    vi.useFakeTimers();

    hold(card, 499, 30);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    advance(1);
    const menu = screen.getByRole('menu', { name: 'Actions for Ana Ruiz' });
    expect(within(menu).getByRole('menuitem', { name: 'Remove doctor' })).toHaveFocus();
    fireEvent.pointerUp(card, { button: 0 });
    fireEvent.click(card);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('forgets a press released or moved before 500 ms', async () => {
    renderDashboard();
    const card = await screen.findByRole('article', { name: 'Ana Ruiz' });
    vi.useFakeTimers();

    hold(card, 450, 30);
    fireEvent.pointerUp(card, { button: 0 });
    advance(100);
    fireEvent.pointerDown(card, { button: 0, clientX: 30, clientY: 30 });
    fireEvent.pointerMove(card, { clientX: 30, clientY: 70 });
    advance(600);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on a click elsewhere only once its listener is attached, 100 ms after opening', async () => {
    renderDashboard();
    const card = await screen.findByRole('article', { name: 'Ana Ruiz' });
    vi.useFakeTimers();
    longPress(card, 30);

    fireEvent.click(document.body);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    advance(98);
    fireEvent.click(document.body);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    advance(1);
    fireEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens the same menu from the keyboard: its button, the ContextMenu key and Shift+F10', async () => {
    renderDashboard();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Actions for Ana Ruiz' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Remove doctor' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ContextMenu}');
    expect(screen.getByRole('menu', { name: 'Actions for Ana Ruiz' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(screen.getByRole('menu', { name: 'Actions for Ana Ruiz' })).toBeInTheDocument();
  });

  it('asks before unlinking and does nothing when the patient says no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { server } = renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ana Ruiz' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove doctor' }));

    expect(confirm).toHaveBeenCalledWith('Remove Ana Ruiz as your doctor? They will no longer see your record.');
    expect(server.callsTo('patients.unlinkDoctor')).toHaveLength(0);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('unlinks once confirmed: the menu closes, the data reloads and a toast says so', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let doctors = [drAna, drLuis];
    const { server } = renderDashboard({
      handlers: {
        'patients.me': () => ok(patientSelf({ doctors })),
        'patients.unlinkDoctor': () => {
          doctors = [drLuis];
          return ok(null);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ana Ruiz' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove doctor' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Doctor removed Ana Ruiz');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana Ruiz' })).not.toBeInTheDocument());
    expect(server.callsTo('patients.unlinkDoctor').map((call) => call.input)).toEqual([{ idMedic: 21 }]);
    expect(server.callsTo('patients.me')).toHaveLength(2);
    expect(within(doctorsSection()).getByRole('heading', { name: 'My doctor' })).toBeInTheDocument();
  });

  it('reports a failed unlink', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderDashboard({ handlers: { 'patients.unlinkDoctor': () => fail('NOT_FOUND') } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ana Ruiz' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove doctor' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error removing doctor');
    expect(alert).toHaveTextContent('Not found.');
  });
});
