/** RFC 4180 CSV: every field quoted, quotes doubled, CRLF line ends (what both importers read). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = [columns, ...rows.map((row) => columns.map((c) => row[c] ?? ''))].map((fields) =>
    fields.map(quote).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
