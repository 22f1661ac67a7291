import { createIsbotFromList, isbotPatterns, list } from "isbot";

/**
 * Listening apps told apart by their user agent, first match wins. The patterns
 * follow the Open Podcast Analytics Working Group's public list (opawg/user-agents-v2):
 * the apps that carry most U.S. listening, then browsers (a listener on this site's
 * own player, or a link opened in a browser). Anything else is "Other".
 */
const APPS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Apple Podcasts", /^(Podcasts|Balados|Podcast|Podcaster)\/|^AppleCoreMedia\/.*\(Apple ?Watch|iTunes\//],
  ["Spotify", /^Spotify\/|Spotify-Lite/],
  ["Overcast", /^Overcast\//],
  ["Pocket Casts", /^Pocket ?Casts/i],
  ["Castro", /^Castro[/ ]/],
  ["Podcast Addict", /PodcastAddict\//],
  ["AntennaPod", /^AntennaPod\/|^de\.danoeh\.antennapod\//],
  ["Castbox", /^Cast[Bb]ox/],
  ["Amazon Music", /^AmazonMusic|^Harley\/\d/],
  ["Alexa-enabled device", /^AlexaMediaPlayer\/|^Echo\/|^AlexaService\//],
  ["iHeartRadio", /iHeartRadio/i],
  ["YouTube Music", /com\.google\.android\.apps\.youtube\.music|YouTubeMusic/],
  ["Player FM", /Player ?FM/],
  ["Podcast Republic", /PodcastRepublic/],
  ["Goodpods", /Goodpods\.|^[Gg]oodpods\//],
  ["Fountain", /^Fountain|^fountainapp\/\d/],
  ["Sonos", /Sonos/],
  ["Apple Podcasts", /^AppleCoreMedia\/1/], // the Podcasts app's audio player when it sends no name of its own
  ["Edge", /Edg(e|A|iOS)?\//],
  ["Chrome", /Chrome\/|CriOS\//],
  ["Firefox", /Firefox\/|FxiOS\//],
  ["Safari", /Version\/[\d.]+ .*Safari\//],
];

const BROWSERS = new Set(["Edge", "Chrome", "Firefox", "Safari"]);

const PLATFORMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["iOS", /iPhone|iPad|iPod|\biOS\b|CPU OS|watchOS|HomePod/],
  ["Android", /Android/],
  ["macOS", /Macintosh|Mac OS X|macOS|Darwin/],
  ["Windows", /Windows/],
  ["Linux", /Linux|X11/],
];

const first = (table: typeof APPS, ua: string) => table.find(([, pattern]) => pattern.test(ua))?.[0];

/** The listening app (or browser) a user agent names; "Other" when none is known. */
export const listeningApp = (ua: string): string => first(APPS, ua) ?? "Other";

/** The device's platform; "Other" when the user agent does not say. */
export const platformOf = (ua: string): string => first(PLATFORMS, ua) ?? "Other";

/**
 * isbot's maintained list without its rule that a bare "Name/1.0" is a script:
 * on the web that holds, but podcast apps and their players send just that
 * ("AntennaPod/3.2.0", "ExoPlayerLib/2.18.1").
 */
const BARE_NAME = new Set(isbotPatterns("SomePlayer/1.0"));
const isbot = createIsbotFromList(list.filter((p) => !BARE_NAME.has(p)));

/**
 * A crawler, monitor or script rather than a person's app: the list above,
 * plus an empty user agent (no app sends none). A known podcast app is never
 * one: isbot reads a link in a user agent as a crawler's, and Overcast's
 * player sends "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)".
 */
export function isBotAgent(ua: string | undefined): boolean {
  if (!ua?.trim()) return true;
  // Every request asks, and a site sees the same few hundred agents again and again.
  let verdict = verdicts.get(ua);
  if (verdict === undefined) {
    const app = first(APPS, ua);
    verdict = app && !BROWSERS.has(app) ? false : isbot(ua);
    if (verdicts.size >= 5_000) verdicts.clear();
    verdicts.set(ua, verdict);
  }
  return verdict;
}

const verdicts = new Map<string, boolean>();
