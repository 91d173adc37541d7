import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordFile } from '../../lib/api-types';
import { ok } from '../../test/fake-trpc-server';
import { bareDetail, renderPatientPage } from '../../test/record-fixtures';

/** Stands in for the browser's XMLHttpRequest, so a test decides when the upload progresses and ends. */
class FakeUpload {
  static last: FakeUpload | null = null;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const file = (overrides: Partial<RecordFile> & Pick<RecordFile, 'idFile'>): RecordFile => ({
  name: `scan-${overrides.idFile}.png`,
  date: '2025-02-03T10:00',
  mainType: 'image',
  code: `code-${overrides.idFile}`,
  comment: null,
  size: 2048,
  mimeType: 'image/png',
  ...overrides,
});

beforeEach(() => {
  FakeUpload.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

async function openPage(files: RecordFile[] = [], language: 'en' | 'es' = 'en') {
  const rendered = renderPatientPage({ detail: { ...bareDetail(), files }, handlers: { 'medics.deleteFile': () => ok(null) }, language });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup(), section: screen.getByRole('region', { name: /Documents|Documentos/ }) };
}

const png = new File([new Uint8Array(12_646)], 'rayos-x.png', { type: 'image/png' });

describe('documents', () => {
  it('lists documents with their type and comment, "Unnamed file" and "No URL" where missing', async () => {
    const { section } = await openPage([
      file({ idFile: 1, comment: 'Tórax PA' }),
      file({ idFile: 2, name: '', mainType: 'pdf' }),
      file({ idFile: 3, name: 'sin-enlace.pdf', code: '' }),
    ]);
    expect(within(section).getByRole('button', { name: /^scan-1\.png/ })).toBeInTheDocument();
    expect(within(section).getByText('Tórax PA')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /^Unnamed file/ })).toBeInTheDocument();
    expect(within(section).getAllByText(/PDF/).length).toBeGreaterThan(0);
    expect(within(section).getByText('No URL')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^sin-enlace/ })).not.toBeInTheDocument();
  });

  it('shows documents five at a time', async () => {
    const { section, user } = await openPage(Array.from({ length: 6 }, (_, index) => file({ idFile: index + 1 })));
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(section).getByRole('button', { name: 'See more (1 remaining)' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
  });

  it('says so when a document cannot be opened', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { section, user } = await openPage([file({ idFile: 1 })]);
    await user.click(within(section).getByRole('button', { name: /^scan-1\.png/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to open file. Please try again.');
  });

  it('deletes a document after a confirmation that says it cannot be undone', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { section, user, server } = await openPage([file({ idFile: 4 })]);
    await user.click(within(section).getByRole('button', { name: 'Delete scan-4.png' }));
    expect(confirm).toHaveBeenCalledWith('Delete this document? This action cannot be undone.');
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted successfully');
    expect(server.callsTo('medics.deleteFile')[0]!.input).toEqual({ idPatient: 11, fileId: 4 });
  });

  it('keeps Save disabled until a file is chosen, shows its name and size in KB, and accepts only media and PDF', async () => {
    const { user } = await openPage([], 'es');
    await user.click(screen.getByRole('button', { name: 'Subir documento' }));
    const dialog = screen.getByRole('dialog', { name: 'Subir documento' });
    const input = within(dialog).getByLabelText('Archivo');
    expect(input).toHaveAttribute('accept', 'image/*,video/*,audio/*,application/pdf');
    expect(within(dialog).getByRole('button', { name: 'Subir' })).toBeDisabled();
    await user.upload(input, png);
    expect(within(dialog).getByText('rayos-x.png')).toBeInTheDocument();
    expect(within(dialog).getByText(/^12,35\sKB$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subir' })).toBeEnabled();
  });

  it('uploads with progress, "Uploading..." on a disabled button, then closes, resets and says so', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload document' });
    await user.upload(within(dialog).getByLabelText('File'), png);
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Rodilla derecha');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const request = FakeUpload.last!;
    expect(request.url).toBe('/api/medics/patients/11/files');
    expect(request.headers).toEqual({ Authorization: 'Bearer token-3' });
    expect([...request.body!.keys()]).toEqual(['comment', 'file']);
    expect(request.body!.get('comment')).toBe('Rodilla derecha');
    expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    request.progress(50, 100);
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');

    request.respond(201, file({ idFile: 9 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Document uploaded successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    const again = screen.getByRole('dialog', { name: 'Upload document' });
    expect(within(again).queryByText('rayos-x.png')).not.toBeInTheDocument();
    expect(within(again).getByLabelText('Comment (optional)')).toHaveValue('');
    expect(within(again).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('keeps the dialog and the choice and explains a refused file', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload document' });
    await user.upload(within(dialog).getByLabelText('File'), png);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    FakeUpload.last!.respond(413, { statusCode: 413, error: 'Payload Too Large', code: 'FILE_TOO_LARGE', message: 'Too large' });

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error uploading document. Please try again.');
    expect(alert).toHaveTextContent('The file is larger than the allowed maximum.');
    expect(within(dialog).getByText('rayos-x.png')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled());
  });
});
