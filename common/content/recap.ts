/** A weekly summary as pages and the API see it. */
export interface Recap {
  id: number;
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  tags: string[];
  /** Sample content: written for the demo, not reporting. */
  sample: boolean;
  blog_image: string | null;
  /** The public address of `blog_image`, from this site or MEDIA_BASE_URL. */
  blog_image_url: string | null;
}

/** One line of the recap list: enough to show and pick it. */
export interface RecapHeadline {
  id: number;
  date: string;
  headline: string;
}

/** A recap as its page renders it: the body already turned into HTML, the markdown left on the server. */
export interface RecapView extends Omit<Recap, "content"> {
  html: string;
  readingMinutes: number;
  /** Plain text for meta descriptions and link previews: the snippets, or the body's opening. */
  description: string;
}
