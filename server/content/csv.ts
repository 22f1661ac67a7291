/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted and
 * quotes doubled; lines end in CRLF. A leading byte-order mark makes Excel
 * read the file as UTF-8 (brands such as "Bacardí" stay intact).
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

function csvField(value: string): string {
  // A cell that starts like a formula would run as one when pasted into a spreadsheet (CSV injection);
  // a plain number ("-0.25") is data, not a formula, and stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
