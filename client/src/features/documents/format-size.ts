/** A file size in KB with two decimals, in the active language: "12.35 KB", "12,35 KB" (SPEC §9). */
export function formatKilobytes(bytes: number, language: string): string {
  const kilobytes = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1024);
  return `${kilobytes}\u00a0KB`;
}
