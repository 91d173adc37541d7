// Uploads and downloads are not JSON, so they go through fetch rather than tRPC. Their failures
// take the shape of a tRPC error (`data.appCode`, `data.httpStatus`, `data.issues`), so the same
// translation, and the same sign-out on 401, apply to them.
import { isErrorCode, type ErrorBody, type ValidationIssue } from '../../../shared/errors';
import { getAccessToken } from './session-storage';

export class RestCallError extends Error {
  readonly data: { appCode: string | null; httpStatus: number; issues: ValidationIssue[] };

  constructor(httpStatus: number, body: Partial<ErrorBody> | null) {
    super(body?.message ?? `Request failed with status ${httpStatus}`);
    this.name = 'RestCallError';
    this.data = {
      appCode: isErrorCode(body?.code) ? body.code : null,
      httpStatus,
      issues: Array.isArray(body?.issues) ? body.issues : [],
    };
  }
}

export const authorizationHeader = (): Record<string, string> => {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Reads an error body if there is one; a network or proxy error may have none. */
export async function errorFromResponse(response: Response): Promise<RestCallError> {
  let body: Partial<ErrorBody> | null;
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  return new RestCallError(response.status, body);
}

/** A GET of a file with the session's token: the response when it is 2xx, else the RestCallError it answers (status 0 offline). */
export async function fetchWithToken(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: authorizationHeader() });
  } catch {
    throw new RestCallError(0, null);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}
