/** Recap snippet excerpts are cut to 350 characters (spec section 9). */
export const SNIPPET_EXCERPT_LENGTH = 350;

/** `text` cut to `max` characters followed by "..." when longer; characters, not UTF-16 units. */
export function excerpt(text: string, max = SNIPPET_EXCERPT_LENGTH): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}
