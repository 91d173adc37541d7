// Opens a stored document in a new browser tab (SPEC §2 "Documents"). The file is fetched with the
// bearer token, handed to the tab as a temporary object URL, and that URL is revoked after 100 ms.
import { OPENED_FILE_URL_REVOKE_MS } from '../../../shared/constants';
import { fetchWithToken } from './rest-call';

export async function fetchDocument(url: string): Promise<Blob> {
  return (await fetchWithToken(url)).blob();
}

/**
 * The tab is opened at once, during the click, so that popup blockers let it through; it gets
 * its address when the download is done, and closes again if the download fails.
 */
export async function openDocument(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const objectUrl = URL.createObjectURL(await fetchDocument(url));
    if (tab) tab.location.href = objectUrl;
    else window.open(objectUrl, '_blank');
    setTimeout(() => URL.revokeObjectURL(objectUrl), OPENED_FILE_URL_REVOKE_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const medicDocumentUrl = (code: string) => `/api/medics/files/${encodeURIComponent(code)}`;
export const patientDocumentUrl = (code: string) => `/api/patients/me/files/${encodeURIComponent(code)}`;
