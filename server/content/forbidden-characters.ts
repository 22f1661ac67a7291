// Characters no published text may hold (issue 38). XML 1.0 forbids most C0
// control characters, U+FFFE, U+FFFF and halves of a surrogate pair, so one of
// them in a headline makes every feed that carries it unreadable (Apple
// Podcasts and Spotify drop a podcast feed that is not well-formed). DEL, the
// C1 controls and the other noncharacters are allowed by XML 1.0 but never
// meant in a headline or an article (C1 is usually mis-decoded Windows-1252),
// so they go the same way. Tab, line feed and carriage return are text where
// a field has lines; in a one-line field they are refused like the others.
// docs/security.md "Text that breaks feeds" says where each rule applies.

/** A forbidden character in any text: C0 but tab and line breaks, DEL, C1, noncharacters, a lone surrogate half. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u;
/** The same, with tab, line feed and carriage return: what a one-line field (a headline, a tag) may not hold. */
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_ON_ONE_LINE = /[\0-\x1F\x7F-\x9F\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, "gu");

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** Where `index` (a UTF-16 offset) is, as a person counts: "line 2, column 5" in text with lines, else "character 12". */
function positionOf(text: string, index: number, lines: boolean): string {
  const before = text.slice(0, index);
  if (!lines) return `character ${[...before].length + 1}`;
  const lineStart = before.lastIndexOf("\n") + 1;
  const line = before.split("\n").length;
  return `line ${line}, column ${[...before.slice(lineStart)].length + 1}`;
}

/**
 * Why `text` may not be published, naming the first forbidden character and
 * where it is ("must not contain control characters (U+000B at character 12)");
 * undefined when it may. `lines` says whether the field keeps tabs and line breaks.
 */
export function forbiddenCharacterProblem(text: string, { lines }: { lines: boolean }): string | undefined {
  const match = (lines ? FORBIDDEN : FORBIDDEN_ON_ONE_LINE).exec(text);
  if (!match) return undefined;
  const ch = match[0];
  const where = `${codePoint(ch)} at ${positionOf(text, match.index, lines)}`;
  if (/[\t\n\r]/.test(ch)) return `must be one line, without tabs or line breaks (${where})`;
  if (/\p{Cc}/u.test(ch)) return `must not contain control characters (${where})`;
  if (/[\uD800-\uDFFF]/.test(ch)) return `must not contain half of a character (a lone surrogate, ${where})`;
  return `must not contain noncharacters (${where})`;
}

/** `text` without its forbidden characters (tabs and line breaks kept): for text made by tools, and for XML. */
export function withoutForbiddenCharacters(text: string): string {
  return FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, "") : text;
}
