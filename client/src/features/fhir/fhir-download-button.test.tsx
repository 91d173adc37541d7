// The FHIR export buttons: "Export (FHIR)" on the medic's record page and "Download my
// record" on the patient's dashboard fetch the right URL with the token, save the file under the
// server's name, and say a failure in the user's language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { medicUser, sessionFor } from '../../test/render-app';
import { renderDashboard } from '../../test/dashboard-fixtures';
import { renderPatientPage } from '../../test/record-fixtures';

const saved: { href: string; download: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:fhir-1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

const bundleFile = (name: string) =>
  new Response(JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: [] }), {
    status: 200,
    headers: { 'Content-Type': 'application/fhir+json', 'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` },
  });
const notFound = () =>
  new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', code: 'PATIENT_NOT_FOUND', message: 'Patient not found.' }), { status: 404 });

/** The REST export answered by `answer`; tRPC calls still go to the fake tRPC server. */
function answerRest(answer: () => Response) {
  const trpcFetch = globalThis.fetch;
  const rest = vi.fn(async (url: string | URL | Request, init?: RequestInit) => (String(url).startsWith('/api/') ? answer() : trpcFetch(url, init)));
  vi.stubGlobal('fetch', rest);
  return () => rest.mock.calls.filter(([url]) => String(url).startsWith('/api/'));
}

describe("the medic's Export (FHIR) button", () => {
  it('fetches the patient’s export with the bearer token and saves it under the server’s file name', async () => {
    renderPatientPage();
    const restCalls = answerRest(() => bundleFile('expediente-11-2026-06-15.fhir.json'));
    await userEvent.click(await screen.findByRole('button', { name: 'Export (FHIR)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(restCalls()).toEqual([['/api/patients/11/fhir', { headers: { Authorization: `Bearer ${sessionFor(medicUser).access_token}` } }]]);
    expect(saved[0]).toEqual({ href: 'blob:fhir-1', download: 'expediente-11-2026-06-15.fhir.json' });
  });

  it('says a failure in Spanish for a Spanish user', async () => {
    renderPatientPage({ language: 'es' });
    answerRest(notFound);
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar (FHIR)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo descargar el expediente.');
    expect(saved).toEqual([]);
  });
});

describe("the patient's Download my record button", () => {
  it('fetches the caller’s own export and saves it', async () => {
    renderDashboard();
    const restCalls = answerRest(() => bundleFile('expediente-7-2026-06-15.fhir.json'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download my record' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(restCalls().map(([url]) => url)).toEqual(['/api/patients/me/fhir']);
    expect(saved[0]!.download).toBe('expediente-7-2026-06-15.fhir.json');
  });

  it('says a failure in English, with the server’s reason', async () => {
    renderDashboard();
    answerRest(notFound);
    await userEvent.click(await screen.findByRole('button', { name: 'Download my record' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The record could not be downloaded.');
    expect(alert).toHaveTextContent('Patient not found.');
  });
});
