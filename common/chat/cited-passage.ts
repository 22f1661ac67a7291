// What a numbered citation in an answer shows on hover or focus: the source, the
// part of it, and the words quoted from it, with the address to go and read them.

export interface CitedPassage {
  href: string;
  /** The recap's headline, the company's name or the episode's title. */
  source: string;
  /** A recap section's heading, or an episode's series and second ("The Daily Shot, 0:06"). */
  section?: string | undefined;
  quote: string;
}

/** The longest quote a citation shows. */
export const QUOTE_MAX = 420;
