/** A row id from a URL: auto-numbered ids are positive whole numbers, and nothing else can name a row. */
export function rowId(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}
