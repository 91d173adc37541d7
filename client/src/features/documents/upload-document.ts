// The upload is multipart, not tRPC, and goes through XMLHttpRequest because fetch cannot report
// upload progress. Failures become RestCallError, shaped like a tRPC error, so the same
// translation and the same sign-out on 401 apply (lib/rest-call.ts).
import type { RecordFile } from '../../lib/api-types';
import { authorizationHeader, RestCallError } from '../../lib/rest-call';

export const uploadUrl = (idPatient: number) => `/api/medics/patients/${encodeURIComponent(idPatient)}/files`;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function uploadDocument(idPatient: number, file: File, comment: string, onProgress: (percent: number) => void): Promise<RecordFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl(idPatient));
    for (const [name, value] of Object.entries(authorizationHeader())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as RecordFile);
      else reject(new RestCallError(request.status, body as ConstructorParameters<typeof RestCallError>[1]));
    };
    // No answer at all: the connection dropped or the server is down.
    request.onerror = () => reject(new RestCallError(0, null));
    request.onabort = () => reject(new RestCallError(0, null));
    const form = new FormData();
    // The comment goes before the file: the server reads the parts in order and streams the file.
    const note = comment.trim();
    if (note) form.append('comment', note);
    form.append('file', file);
    request.send(form);
  });
}
