// The record keeps practice-local days and moments (API.md "Conventions"); FHIR wants a date, or a
// dateTime with seconds and an offset. The offset is the practice's (the server's TZ) at that moment,
// so summer and winter moments each carry their own.
const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

function offsetOf(local: Date): string {
  const minutes = -local.getTimezoneOffset();
  if (minutes === 0) return 'Z';
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/** 'YYYY-MM-DD' stays a FHIR date; 'YYYY-MM-DDTHH:mm' becomes a dateTime with the practice's offset. */
export function fhirDateTime(dayOrMoment: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(dayOrMoment);
  if (!match) return dayOrMoment;
  const [, year, month, day, hours, minutes] = match.map(Number) as number[];
  const local = new Date(year!, month! - 1, day!, hours!, minutes!);
  return `${dayOrMoment}:00${offsetOf(local)}`;
}

/** An instant (a Date, or ISO text in UTC) as the practice's local time with its offset. */
export function fhirInstant(instant: Date | string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${local}${offsetOf(at)}`;
}
