// The administrator's audit review (/admin/audit): filters sent as entered and kept
// in the address, paging, emergency accesses marked in words, the chain's verification, the CSV of
// the same filter with the session's token, and the page closed to everyone but the administrator.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent, AuditEventsPage, AuditVerification } from '../../../../shared/admin';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { adminUser, medicUser, renderApp, sessionFor } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';

const event = (fields: Partial<AuditEvent> & Pick<AuditEvent, 'id'>): AuditEvent => ({
  at: '2026-03-04T15:30:00.000Z',
  actor: { idUser: 3, name: 'Andrés', lname: 'Mora', type: 'medic' },
  action: 'record.read',
  idPatient: 12,
  patient: { name: 'Lucía', lname: 'Hernández Ruiz' },
  outcome: 'success',
  ip: '192.168.1.20',
  emergency: false,
  detail: null,
  ...fields,
});

const routine = event({ id: 41 });
const emergency = event({ id: 42, action: 'emergency.start', emergency: true, detail: 'Paciente inconsciente en urgencias.' });
const failedSignIn = event({ id: 40, actor: null, action: 'auth.login', idPatient: null, patient: null, outcome: 'failure', ip: '10.0.0.9' });

const pageOf = (events: AuditEvent[], page = 1, total = events.length): AuditEventsPage => ({ events, page, pageSize: 50, total });

const auditServer = (handlers: Parameters<typeof fakeTrpcServer>[0] = {}) =>
  fakeTrpcServer({
    'auth.profile': () => ok({ user: adminUser }),
    'admin.auditEvents': () => ok(pageOf([emergency, routine, failedSignIn])),
    ...handlers,
  });

const openAudit = (path = '/admin/audit', language: 'es' | 'en' = 'en') => renderApp({ path, session: sessionFor(adminUser), language });

const eventsTable = (name: RegExp) => screen.findByRole('table', { name });
const rowWith = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('the audit trail filters', () => {
  it('sends the filter as entered, from the first page, and keeps it in the address', async () => {
    const server = auditServer();
    const app = openAudit();
    const user = userEvent.setup();
    await eventsTable(/^Audit events/);

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.type(screen.getByLabelText('User id'), '21');
    await user.type(screen.getByLabelText('Patient id'), '12');
    await user.selectOptions(screen.getByLabelText('Action'), 'Prescriptions (prescription.)');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'Denied');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({
        from: '2026-03-01',
        to: '2026-03-31',
        idUser: 21,
        idPatient: 12,
        action: 'prescription.',
        outcome: 'denied',
        page: 1,
      }),
    );
    expect(app.currentPath()).toBe('/admin/audit?from=2026-03-01&to=2026-03-31&idUser=21&idPatient=12&action=prescription.&outcome=denied');
  });

  it('reads the filter back from the address on a reload, an exact action under "Otra…", in Spanish', async () => {
    const server = auditServer();
    openAudit('/admin/audit?idPatient=12&action=prescription.void&outcome=success', 'es');

    await eventsTable(/^Eventos de auditoría/);
    expect(server.callsTo('admin.auditEvents')[0]?.input).toEqual({ idPatient: 12, action: 'prescription.void', outcome: 'success', page: 1 });
    expect(screen.getByLabelText('Id de paciente')).toHaveValue('12');
    expect(screen.getByLabelText('Acción')).toHaveDisplayValue('Otra…');
    expect(screen.getByLabelText('Nombre de la acción')).toHaveValue('prescription.void');
    expect(screen.getByLabelText('Resultado')).toHaveDisplayValue('Correcto');
  });

  it("filters by a patient's name as typed, and reads it back from the address, in Spanish", async () => {
    const server = auditServer();
    const app = openAudit('/admin/audit', 'es');
    const user = userEvent.setup();
    await eventsTable(/^Eventos de auditoría/);

    await user.type(screen.getByLabelText('Nombre del paciente'), 'Lucía Hernández');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));

    await waitFor(() => expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({ patient: 'Lucía Hernández', page: 1 }));
    expect(app.currentPath()).toBe('/admin/audit?patient=Luc%C3%ADa+Hern%C3%A1ndez');
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const server = auditServer();
    const app = openAudit('/admin/audit', 'es');
    const user = userEvent.setup();
    await eventsTable(/^Eventos de auditoría/);

    await user.type(screen.getByLabelText('Desde'), '2026-03-10');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));

    expect(await screen.findByText('El final del intervalo no puede ser anterior a su inicio')).toBeInTheDocument();
    expect(server.callsTo('admin.auditEvents')).toHaveLength(1);
    expect(app.currentPath()).toBe('/admin/audit');
  });

  it("narrows the trail to one patient from a row, keeping the rest of the filter, in Spanish", async () => {
    const server = auditServer();
    const app = openAudit('/admin/audit?outcome=success', 'es');
    const user = userEvent.setup();
    const table = await eventsTable(/^Eventos de auditoría/);

    await user.click(within(rowWith(table, 'Paciente inconsciente en urgencias.')).getByRole('button', { name: 'Solo los eventos del paciente Lucía Hernández Ruiz' }));

    await waitFor(() => expect(app.currentPath()).toBe('/admin/audit?idPatient=12&outcome=success'));
    await waitFor(() => expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({ idPatient: 12, outcome: 'success', page: 1 }));
    expect(screen.getByLabelText('Id de paciente')).toHaveValue('12');
  });

  it('narrows the trail to one user from a row', async () => {
    const server = auditServer();
    const app = openAudit();
    const user = userEvent.setup();
    const table = await eventsTable(/^Audit events/);

    await user.click(within(rowWith(table, 'Paciente inconsciente en urgencias.')).getByRole('button', { name: 'Only the events of Andrés Mora' }));

    await waitFor(() => expect(app.currentPath()).toBe('/admin/audit?idUser=3'));
    await waitFor(() => expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({ idUser: 3, page: 1 }));
  });

  it('clears the filter back to every event', async () => {
    const server = auditServer();
    const app = openAudit('/admin/audit?outcome=denied');
    const user = userEvent.setup();
    await eventsTable(/^Audit events/);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(app.currentPath()).toBe('/admin/audit'));
    await waitFor(() => expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({ page: 1 }));
    expect(screen.getByLabelText('Outcome')).toHaveDisplayValue('Any');
  });
});

describe('the audit trail table', () => {
  it('shows each event with its time in the language, who, what, whose record, outcome, IP and detail', async () => {
    auditServer();
    openAudit();
    const table = await eventsTable(/^Audit events, newest first$/);

    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time',
      'Who',
      'Action',
      'Patient',
      'Outcome',
      'IP address',
      'Detail',
    ]);
    const row = rowWith(table, 'record.read');
    const at = new Date('2026-03-04T15:30:00.000Z');
    const time = within(row).getByText(new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(at));
    expect(time.closest('time')).toHaveAttribute('dateTime', '2026-03-04T15:30:00.000Z');
    expect(time.closest('time')).toHaveAttribute('title', new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
    expect(row).toHaveTextContent('Andrés Mora');
    expect(row).toHaveTextContent('Medic, user 3');
    expect(within(row).getByText('Lucía Hernández Ruiz')).toHaveAttribute('title', 'patient 12');
    expect(row).toHaveTextContent('Success');
    expect(row).toHaveTextContent('192.168.1.20');
    expect(rowWith(table, 'auth.login')).toHaveTextContent('Nobody signed in');
    expect(rowWith(table, 'auth.login')).toHaveTextContent('Failed');
  });

  it('names each action in words, with its code beneath, and an action without a label by its code', async () => {
    auditServer({
      'admin.auditEvents': () =>
        ok(pageOf([failedSignIn, event({ id: 43, action: 'patient.detail' }), event({ id: 44, action: 'allergies.add' }), event({ id: 45, action: 'future.thing' })])),
    });
    openAudit('/admin/audit', 'es');
    const table = await eventsTable(/^Eventos de auditoría/);

    expect(rowWith(table, 'auth.login')).toHaveTextContent('Inicio de sesión');
    expect(rowWith(table, 'patient.detail')).toHaveTextContent('Consultó el expediente');
    expect(rowWith(table, 'allergies.add')).toHaveTextContent('Añadió una alergia');
    const future = rowWith(table, 'future.thing');
    expect(within(future).getAllByText('future.thing')).toHaveLength(1);
  });

  it('names the actions in English too', async () => {
    auditServer({ 'admin.auditEvents': () => ok(pageOf([failedSignIn, event({ id: 46, action: 'prescription.void' })])) });
    openAudit();
    const table = await eventsTable(/^Audit events/);

    expect(rowWith(table, 'auth.login')).toHaveTextContent('Sign-in');
    expect(rowWith(table, 'prescription.void')).toHaveTextContent('Voided a prescription');
  });

  it('marks emergency accesses in words, in Spanish, and only those', async () => {
    auditServer();
    openAudit('/admin/audit', 'es');
    const table = await eventsTable(/^Eventos de auditoría/);

    const marked = rowWith(table, 'emergency.start');
    expect(marked).toHaveTextContent('Acceso de emergencia');
    expect(marked).toHaveTextContent('Paciente inconsciente en urgencias.');
    expect(rowWith(table, 'record.read')).not.toHaveTextContent('Acceso de emergencia');
    expect(rowWith(table, 'record.read')).toHaveTextContent('Médico, usuario 3');
  });

  it('pages through the events, keeping the page in the address', async () => {
    const server = auditServer({
      'admin.auditEvents': (input) => {
        const page = (input as { page: number }).page;
        return ok(pageOf([event({ id: 200 - page, action: `test.page${page}` })], page, 120));
      },
    });
    const app = openAudit('/admin/audit?outcome=success');
    const user = userEvent.setup();
    await eventsTable(/^Audit events/);

    const pages = screen.getByRole('navigation', { name: 'Pages of audit events' });
    expect(pages).toHaveTextContent('Page 1 of 3 · 120 events');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('test.page2')).toBeInTheDocument();
    expect(server.callsTo('admin.auditEvents').at(-1)?.input).toEqual({ outcome: 'success', page: 2 });
    expect(app.currentPath()).toBe('/admin/audit?outcome=success&page=2');
    expect(pages).toHaveTextContent('Page 2 of 3 · 120 events');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('test.page3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so in Spanish when no event matches', async () => {
    auditServer({ 'admin.auditEvents': () => ok(pageOf([])) });
    openAudit('/admin/audit?idPatient=99', 'es');

    expect(await screen.findByText('Ningún evento coincide con estos filtros.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a failure to load and loads again on retry', async () => {
    // Two failures: the query's one retry (SPEC §7) fails too.
    let attempts = 0;
    auditServer({ 'admin.auditEvents': () => (++attempts <= 2 ? fail('INTERNAL_ERROR') : ok(pageOf([routine]))) });
    openAudit();
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The audit events could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await eventsTable(/^Audit events/)).toHaveTextContent('record.read');
  });
});

describe('verifying the audit trail', () => {
  const verified = (result: AuditVerification) => () => ok(result);

  it('checks only when asked, and reports an intact chain with what is not yet sealed', async () => {
    const server = auditServer({ 'admin.verifyAudit': verified({ ok: true, checked: 1250, unsealed: 3, firstBrokenId: null }) });
    openAudit();
    const user = userEvent.setup();
    await eventsTable(/^Audit events/);
    expect(server.callsTo('admin.verifyAudit')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verify the trail' }));

    expect(await screen.findByRole('status')).toHaveTextContent('1250 events checked, chain intact; 3 not yet sealed.');
    expect(server.callsTo('admin.verifyAudit')).toHaveLength(1);
  });

  it('raises an alert naming the first broken event, in Spanish', async () => {
    auditServer({ 'admin.verifyAudit': verified({ ok: false, checked: 17, unsealed: 0, firstBrokenId: 18 }) });
    openAudit('/admin/audit', 'es');
    const user = userEvent.setup();
    await eventsTable(/^Eventos de auditoría/);

    await user.click(screen.getByRole('button', { name: 'Verificar el registro' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El registro de auditoría fue alterado: el primer evento que no coincide con su cadena es el número 18.',
    );
  });
});

describe('the audit trail CSV', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:audit-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** The CSV answered by `answer`; tRPC calls still go to the fake tRPC server. */
  function answerRest(answer: () => Response) {
    const trpcFetch = globalThis.fetch;
    const rest = vi.fn(async (url: string | URL | Request, init?: RequestInit) => (String(url).startsWith('/api/') ? answer() : trpcFetch(url, init)));
    vi.stubGlobal('fetch', rest);
    return () => rest.mock.calls.filter(([url]) => String(url).startsWith('/api/'));
  }

  it('downloads the events of the filter on screen, not its page, with the session’s token', async () => {
    auditServer();
    openAudit('/admin/audit?from=2026-03-01&idPatient=12&action=prescription.&page=2');
    await eventsTable(/^Audit events/);
    const restCalls = answerRest(
      () =>
        new Response('id,at\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-2026-03-05.csv"' },
        }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toEqual(['audit-2026-03-05.csv']));
    expect(restCalls()).toEqual([
      ['/api/admin/audit.csv?from=2026-03-01&idPatient=12&action=prescription.', { headers: { Authorization: `Bearer ${sessionFor(adminUser).access_token}` } }],
    ]);
  });

  it('says a failed download in Spanish', async () => {
    auditServer();
    openAudit('/admin/audit', 'es');
    await eventsTable(/^Eventos de auditoría/);
    const restCalls = answerRest(() => new Response('', { status: 500 }));

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo descargar el CSV.');
    expect(restCalls().map(([url]) => url)).toEqual(['/api/admin/audit.csv']);
    expect(saved).toEqual([]);
  });
});

describe('who reaches the audit trail', () => {
  it('is linked from the administration page', async () => {
    auditServer({
      'admin.medics': () => ok({ medics: [] }),
      'admin.emergencyAccesses': () => ok({ accesses: [] }),
    });
    const app = renderApp({ path: '/admin', session: sessionFor(adminUser), language: 'es' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Registro de auditoría' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de auditoría' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin/audit');
    await waitFor(() => expect(document.title).toBe('Expediente · Registro de auditoría'));
  });

  it('sends any other medic to the dashboard without asking the server for the trail', async () => {
    const { server, app } = renderSignedIn(medicUser, '/admin/audit?idPatient=12', { handlers: { 'medics.myPatients': () => ok({ patients: [] }) } });

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(server.calls.some((call) => call.path.startsWith('admin.'))).toBe(false);
  });
});
