// Shared by the feeds and by the pages that announce them; no dependencies, so
// browser code may import it.

/** Where each feed is served. */
export const FEED_PATHS = {
  recaps: "/feeds/recaps.xml",
  podcast: "/feeds/podcast.xml",
  daily: "/feeds/daily.xml",
  weekly: "/feeds/weekly.xml",
} as const;

/** A calendar day (recap or episode date) as its release instant: noon UTC, so no time zone moves it to another day. */
export const releaseInstant = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`);

/** `url` as an absolute address: media addresses are site-relative unless MEDIA_BASE_URL made them absolute. */
export const absoluteUrl = (siteUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${siteUrl}${url}`);

/**
 * An episode's address on the podcast page (and a moment in it): the list is
 * paged, so `episode` asks for the page that holds it, and the fragment names its card.
 */
export const episodePath = (id: number, seconds?: number) =>
  `/podcast?episode=${id}#episode-${id}${seconds ? `&t=${Math.floor(seconds)}` : ""}`;

/** The stable addresses of an episode's transcript and chapters (issue 18). */
export const episodeFilePaths = (id: number) => ({
  vtt: `/feeds/episodes/${id}/transcript.vtt`,
  text: `/feeds/episodes/${id}/transcript.txt`,
  chapters: `/feeds/episodes/${id}/chapters.json`,
});
