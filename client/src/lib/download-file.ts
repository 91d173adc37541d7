// Fetches a file the API answers as an attachment (the FHIR export, the audit CSV) with the bearer
// token and saves it under the name the server gives, which carries no patient name
// (server/fhir/file-name.ts).
import { fetchWithToken } from './rest-call';

/** The plain file name of a Content-Disposition header: the UTF-8 form first, then the ASCII one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** Hands the bytes to the browser as a download; the object URL is revoked once the click is done. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetchWithToken(url);
  saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName);
}
