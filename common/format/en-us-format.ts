// en-US words, and en-US formatters made on first use, not when their module loads. The first
// Intl object a page makes loads ICU's data (50-90 ms on a desktop core, about four times that on
// a phone, measured in docs/measurements.md); a hydrating page whose modules only might print a
// date or a figure should not pay that before it answers a tap.

/** `new Intl.DateTimeFormat("en-US", options).format`, made when first called. */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat("en-US", options)).format(date);
}

/** `new Intl.NumberFormat("en-US", options).format`, made when first called. */
export function numberFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat("en-US", options)).format(value);
}

/** The months' names in English, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
