/** Rows per statement: far below either engine's limit on bound values, however many columns a row has. */
export const ROWS_PER_STATEMENT = 400;

/** `items` in consecutive slices of at most `size`, for one statement each. */
export const inBatches = <T>(items: T[], size = ROWS_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
