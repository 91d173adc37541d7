// Content-Disposition for a stored name: an ASCII fallback plus the UTF-8 name (RFC 6266 / 8187),
// so names such as "informe de análisis.pdf" arrive intact.
const encodeRfc8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function disposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** Shown in the browser (a document opened in a tab). */
export const inlineDisposition = (name: string) => disposition('inline', name);
/** Saved as a file (an export). */
export const attachmentDisposition = (name: string) => disposition('attachment', name);
