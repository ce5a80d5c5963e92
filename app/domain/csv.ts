// CSV for the accountant and for spreadsheets (RFC 4180, CRLF), with one guard: a cell a spreadsheet would run as a
// formula (=, +, -, @, a tab or a return first) is written as text, behind a quote mark.

export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV lines, each ending in CRLF; nothing for no rows. */
export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.length === 0 ? "" : rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
