// Sentence templates, as home-assistant/intents writes them, compiled to one regular expression:
//   (a|b)      one of the alternatives
//   [a]        optional; after a space, the space that follows goes with it
//   word*      the word and any ending ("employ*": employs, employees)
//   {slot}     a slot from SLOTS: {name} is a company's or a brand's name, read as one placeholder
// Text is matched lower case and folded, as `slotNames` leaves a question, with whole words.
import { NAME_SLOT } from "../company-names.ts";

/** What each slot stands for. */
export const SLOTS: Readonly<Record<string, string>> = {
  /** A company's or a brand's name (`slotNames`). */
  name: NAME_SLOT,
  number: String.raw`\d+`,
  /** "3rd", "21st". */
  ordinal: String.raw`\d{1,2}(?:st|nd|rd|th)`,
  /** One word of a name or a phrase. */
  word: String.raw`[\w'’&.-]+`,
  /** One plain word ("top beer distributors", "how many 9-liter cases"). */
  term: String.raw`[\w-]+`,
  /** One to five such words. */
  words: String.raw`(?:[\w'’&.-]+ ?){1,5}`,
  /** Anything, as little as may be. */
  any: ".*?",
  /** The end of the question: a question mark or nothing more. */
  end: String.raw`(?:\?|$)`,
};

/** A template as a regular expression's source, without anchors. */
export function templateSource(template: string): string {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`Template "${template}" at ${at}: ${why}`);
  };
  // A sequence of alternatives until one of `stops`.
  const alternatives = (stops: string): string => {
    const options = [sequence(`${stops}|`)];
    while (template[at] === "|") {
      at++;
      options.push(sequence(`${stops}|`));
    }
    return options.join("|");
  };
  const sequence = (stops: string): string => {
    let out = "";
    while (at < template.length && !stops.includes(template[at]!)) {
      const c = template[at]!;
      if (c === "(") {
        at++;
        out += `(?:${alternatives(")")})`;
        if (template[at++] !== ")") fail("a ( is not closed");
      } else if (c === "[") {
        const wholeWords = at === 0 || template[at - 1] === " ";
        at++;
        const inner = alternatives("]");
        if (template[at++] !== "]") fail("a [ is not closed");
        // The space after optional words belongs to them: "is [the] parent" reads "is parent" too.
        // An optional ending does not take it: "belong[s] to".
        if (wholeWords && template[at] === " ") {
          at++;
          out += `(?:${inner} )?`;
        } else out += `(?:${inner})?`;
      } else if (c === "{") {
        const close = template.indexOf("}", at);
        if (close < 0) fail("a { is not closed");
        const slot = SLOTS[template.slice(at + 1, close)];
        if (slot === undefined) fail(`no slot {${template.slice(at + 1, close)}}`);
        out += slot;
        at = close + 1;
      } else if (c === "*") {
        out += String.raw`\w*`;
        at++;
      } else {
        out += c.replace(/[.+?^$|\\/]/g, "\\$&");
        at++;
      }
    }
    return out;
  };
  const source = alternatives("");
  if (at !== template.length) fail(`an unexpected "${template[at]}"`);
  return source;
}

/** Templates as one pattern that finds any of them as whole words. */
export function compileTemplates(templates: readonly string[]): RegExp {
  return new RegExp(
    templates
      .map((t) => {
        // Whole words: no letter or digit just before or after.
        return String.raw`(?<!\w)(?:${templateSource(t)})(?!\w)`;
      })
      .join("|"),
  );
}
