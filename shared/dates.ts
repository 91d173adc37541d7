// The practice's clock: calendar days and moments in the server's time zone (API.md "Conventions").
// The schemas that read dates and moments live in fields.ts.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The practice-local calendar day of a moment in the server's time zone. */
export function localDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The practice-local moment (YYYY-MM-DDTHH:mm) of an instant; seconds are dropped. */
export function localMoment(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
