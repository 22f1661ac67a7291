import { describe, expect, it } from "vitest";
import { isBotAgent, listeningApp, platformOf } from "./user-agents.ts";

describe("user agents", () => {
  it.each([
    ["AppleCoreMedia/1.0.0.21A329 (iPhone; U; CPU OS 17_0 like Mac OS X; en_us)", "Apple Podcasts", "iOS"],
    ["Podcasts/1600.2 CFNetwork/1399 Darwin/22.1.0", "Apple Podcasts", "macOS"],
    ["Spotify/8.8.0 iOS/17.0 (iPhone15,2)", "Spotify", "iOS"],
    ["Overcast/3.0 (+http://overcast.fm/; iOS podcast app)", "Overcast", "iOS"],
    ["PocketCasts/1.0 (Pocket Casts - Android - v7.50)", "Pocket Casts", "Android"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      "Chrome",
      "Windows",
    ],
    ["SomethingNew/1.0", "Other", "Other"],
    ["ExoPlayerLib/2.18.1", "Other", "Other"],
  ])("%s is %s on %s", (ua, app, platform) => {
    expect(listeningApp(ua)).toBe(app);
    expect(platformOf(ua)).toBe(platform);
    expect(isBotAgent(ua)).toBe(false);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "",
  ])("%s is a bot", (ua) => {
    expect(isBotAgent(ua)).toBe(true);
  });
});
