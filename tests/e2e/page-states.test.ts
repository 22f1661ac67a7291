// Every page of the site and of the desk, in every state its data can be in (testing.md, habit 1).
// A page test that only sees the state a flow leaves behind let a 500 on /admin through: here
// each state gets its own database and server, and each page is loaded fresh (page.goto) twice,
// once hydrated in Chromium and once with JavaScript off, asserting the exact status and the
// text that state must show. The table below is the test: one row per state, one entry per route.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { browserContext, signedInContexts, siteContent } from "../support/site-content.ts";

const ADMIN_TOKEN = "page-states-admin-token-0123456789";

/** What a page must show. A plain string: visible text, with JavaScript and without. */
type Check =
  | string
  /** Visible text in one mode only: islands mount in the browser, the server renders times in UTC. */
  | { text: string; only: "js" | "plain" }
  /** A labelled form field holding this value (the editors render the stored item into their fields). */
  | { field: string; value: string | RegExp; only?: "js" | "plain" }
  /** A visible element; with `loaded`, an image the browser actually decoded. */
  | { css: string; loaded?: boolean };

/** What a page must not show: text (e.g. a draft on a public page) or an element. */
type Absent = string | { css: string };

interface PageCase {
  path: string;
  /** "staff" pages are loaded with the owner's session (when the state has one); others as a visitor. */
  as?: "visitor" | "staff";
  /** The final answer's status (after redirects): 200 unless a page documents another. */
  status?: number;
  /** Where a redirect must end (path and query). */
  endsAt?: string;
  shows: Check[];
  hides?: Absent[];
  /** Console errors the page documents (the not-found page logs the path it was asked for). */
  logs?: RegExp[];
}

/** Every route in app/routes.ts: each state must say what each of them shows (the type checker makes sure). */
type Route =
  | "home"
  | "chat"
  | "chat/shared/:id"
  | "chat/shared/:id/remove"
  | "recap"
  | "recap/:id"
  | "explorer"
  | "podcast"
  | "search"
  | "topics"
  | "topics/:slug"
  | "newsletter"
  | "newsletter/confirm/:token"
  | "newsletter/unsubscribe/:key"
  | "newsletter/resubscribe/:key"
  | "admin/sign-in"
  | "admin/setup"
  | "admin/password/:token"
  | "admin/sign-out"
  | "admin"
  | "admin/recaps"
  | "admin/recaps/new"
  | "admin/recaps/drafts/:draftId"
  | "admin/recaps/:id"
  | "admin/recaps/:id/newsletter"
  | "admin/episodes"
  | "admin/episodes/new"
  | "admin/episodes/drafts/:draftId"
  | "admin/episodes/:id"
  | "admin/comments"
  | "admin/feedback"
  | "admin/audience"
  | "admin/staff"
  | "admin/account"
  | "*";

type Pages = Record<Route, PageCase | PageCase[]>;

/** Ids of what a state's seed made (absent ones are asked for as id 1, which then does not exist). */
interface Seeded {
  recap?: number;
  /** A second recap (the one without an image, in that state). */
  recap2?: number;
  episode?: number;
  recapDraft?: number;
  episodeDraft?: number;
  /** A staff member's one-time link, when the state has one. */
  passwordPath?: string;
}

type Content = ReturnType<typeof siteContent>;

interface State {
  name: string;
  /** False for a site nobody has set up: every desk page then sends the visitor to /admin/setup. */
  staff?: boolean;
  seed(content: Content): Promise<Seeded>;
  pages(ids: Seeded): Pages;
}

// Texts that do not depend on the data, and the pages whose content does not either.
const HOME_SUBTITLE = "Advanced analytics and strategic insights for the spirits industry";
const NO_RECAP_LIST = "No summaries found matching your search.";
const NO_RECAP_SELECTED = "Select a recap from the list to read the full content.";
const RECAP_IMAGE = 'img[src*="/media/weekly-summary-pics/"]';
const NO_SUCH_DESK_RECAP = "That recap is not there any more: it may have been published or deleted.";
const NO_SUCH_DESK_EPISODE = "That episode is not there any more: it may have been published or deleted.";
const OWNER = "Olivia Owner";
// A row's status badge (the status filter's options say the same words, hidden in a closed select).
const PUBLISHED_BADGE: Check = { css: 'span:text-is("published")' };
const DRAFT_BADGE: Check = { css: 'span:text-is("draft")' };
// Scheduled for 10:00 in New York on 15 January 2030: the server names UTC, the browser its own zone.
const SCHEDULED_AT = "2030-01-15T15:00:00.000Z";
const SCHEDULED_SERVER = "Jan 15, 2030, 3:00 PM UTC";
const SCHEDULED_BROWSER = "Jan 15, 2030, 10:00 AM EST";

type SamePage =
  | "home"
  | "chat"
  | "chat/shared/:id"
  | "chat/shared/:id/remove"
  | "admin/feedback"
  | "admin/audience"
  | "explorer"
  | "newsletter"
  | "newsletter/confirm/:token"
  | "newsletter/unsubscribe/:key"
  | "newsletter/resubscribe/:key"
  | "admin/sign-in"
  | "admin/setup"
  | "admin/sign-out"
  | "admin/recaps/new"
  | "admin/episodes/new"
  | "admin/account"
  | "*";

/**
 * The pages whose content no data state changes, as a signed-in owner sees them. They are
 * loaded in the empty state and the many state (the two ends); elsewhere they would add time
 * and no new state, so they are listed with no load (a state may still give one of them its own).
 */
function samePages(load = false): Pick<Pages, SamePage> {
  const pages = samePageCases();
  return load
    ? pages
    : (Object.fromEntries(Object.keys(pages).map((route) => [route, []])) as unknown as Pick<Pages, SamePage>);
}

function samePageCases(): Pick<Pages, SamePage> {
  return {
    home: { path: "/", shows: [HOME_SUBTITLE, "Launch Tool"] },
    chat: { path: "/chat", shows: ["Try asking about:"] },
    // No conversation is shared in any state: an address that names none says so.
    "chat/shared/:id": {
      path: "/chat/shared/AAAAAAAAAAAAAAAAAAAAAA",
      status: 404,
      shows: ["Conversation not found", "There is no shared conversation at this address."],
    },
    // Its removal link's page (issue 37) says the same of an address that names no conversation.
    "chat/shared/:id/remove": {
      path: "/chat/shared/AAAAAAAAAAAAAAAAAAAAAA/remove",
      status: 404,
      shows: ["Conversation not found", "There is no shared conversation at this address."],
    },
    // Reader feedback comes from the chat, which no state seeds.
    "admin/feedback": { path: "/admin/feedback", as: "staff", shows: ["Reader feedback", "No feedback yet."] },
    // The browsers the tests drive are headless, which counting leaves out as bots: no state has an audience.
    "admin/audience": {
      path: "/admin/audience",
      as: "staff",
      shows: ["Podcast downloads", "No downloads in this period.", "No page views in this period."],
    },
    explorer: {
      path: "/explorer",
      shows: ["Top Player Deep Dive", "Top 25 U.S. Alcoholic Beverage Manufacturers (2024)"],
    },
    newsletter: { path: "/newsletter", shows: ["Subscribe"] },
    // Links from mails that match no subscriber: each answers its documented refusal.
    "newsletter/confirm/:token": {
      path: "/newsletter/confirm/not-a-real-token",
      status: 410,
      shows: ["This link has expired"],
    },
    "newsletter/unsubscribe/:key": {
      path: "/newsletter/unsubscribe/not-a-real-key",
      status: 404,
      shows: ["Nothing to unsubscribe"],
    },
    "newsletter/resubscribe/:key": { path: "/newsletter/resubscribe/not-a-real-key", shows: ["Nothing to change"] },
    "admin/sign-in": { path: "/admin/sign-in", as: "visitor", shows: ["Sign in to the desk"] },
    // Once the desk has an owner, setup is gone: it sends people to sign in.
    "admin/setup": { path: "/admin/setup", as: "visitor", endsAt: "/admin/sign-in", shows: ["Sign in to the desk"] },
    // Signing out is a POST; a GET goes back to the desk.
    "admin/sign-out": { path: "/admin/sign-out", as: "staff", endsAt: "/admin", shows: ["Latest comments"] },
    "admin/recaps/new": {
      path: "/admin/recaps/new",
      as: "staff",
      shows: ["New recap", { field: "Headline", value: "" }],
    },
    "admin/episodes/new": {
      path: "/admin/episodes/new",
      as: "staff",
      shows: ["New episode", { field: "Title", value: "" }],
    },
    "admin/account": { path: "/admin/account", as: "staff", shows: ["Account", "Change password"] },
    "*": {
      path: "/no-such-page",
      status: 404,
      shows: ["Oops! Page not found", "Return to Home"],
      logs: [/^404 Error: User attempted to access non-existent route: \/no-such-page$/],
    },
  };
}

/** A desk editor asked for something that is not there: the documented 404, in words. */
const deskMissing = (path: string, text: string): PageCase => ({
  path,
  as: "staff",
  status: 404,
  shows: ["Not found", text],
});

/** Public pages of a site with no recaps and no episodes (empty, or only drafts and scheduled ones). */
function noPublicContent(
  hides: string[],
  probe = "allocation",
): Pick<Pages, "recap" | "recap/:id" | "podcast" | "search" | "topics" | "topics/:slug"> {
  return {
    // Tags come with published items only: no topic yet, and a topic's address says so.
    topics: { path: "/topics", shows: ["No topics yet: tags on recaps and episodes appear here."], hides },
    "topics/:slug": {
      path: "/topics/bourbon",
      status: 404,
      shows: ["Topic not found", "No recap or episode has this topic."],
      hides,
    },
    // A search for words of the unpublished items finds nothing (the companies do not use them).
    search: {
      path: `/search?q=${encodeURIComponent(probe)}`,
      shows: [`Nothing in the hub matches “${probe}”.`],
      hides,
    },
    recap: { path: "/recap", shows: [NO_RECAP_LIST, NO_RECAP_SELECTED], hides },
    "recap/:id": {
      path: "/recap/1",
      status: 404,
      shows: ["Summary Not Found", "The requested summary could not be found."],
      hides,
    },
    podcast: { path: "/podcast", shows: ["No episodes yet.", "0 episodes"], hides: ["Latest Episode", ...hides] },
  };
}

const ONE = {
  recap: "Bourbon allocations tighten before the holidays",
  episode: "The Daily Shot: allocation season",
  comment: "Allocations are tighter than last year in our stores.",
};
const MANY_RECAPS = 30;
const MANY_EPISODES = 30;
const MANY_COMMENTS = 55;
const manyRecap = (n: number) => `Many-state recap number ${String(n).padStart(2, "0")}`;
const manyEpisode = (n: number) => `Many-state episode number ${String(n).padStart(2, "0")}`;
const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const DRAFT = {
  recap: "Draft recap: agave prices, not for readers yet",
  episode: "Draft episode: the RTD shelf, not for listeners yet",
};
const SCHEDULED = { recap: "Scheduled recap: the January reset", episode: "Scheduled episode: January dry spell" };
const HIDDEN = {
  visible: "A fair summary of the week, thanks.",
  hidden: "Buy cheap bottles at example.invalid",
  spammer: "Spam Bot",
  reader: "Rita Reader",
};
const NO_AUDIO = "Weekly Pour without a recording yet";
const IMAGES = {
  with: "Recap with a picture: the holiday shelf",
  without: "Recap without a picture: depletions by state",
};

const STATES: State[] = [
  {
    name: "a site nobody has set up (no staff, no content)",
    staff: false,
    seed: async () => ({}),
    pages: () => {
      // Every desk page sends the visitor to make the first owner.
      const toSetup = (path: string): PageCase => ({
        path,
        as: "staff",
        endsAt: "/admin/setup",
        shows: ["Set up the desk"],
      });
      return {
        ...samePages(),
        ...noPublicContent([]),
        "admin/sign-in": { path: "/admin/sign-in", as: "visitor", endsAt: "/admin/setup", shows: ["Set up the desk"] },
        "admin/setup": { path: "/admin/setup", as: "visitor", shows: ["Set up the desk", "ADMIN_TOKEN"] },
        "admin/password/:token": {
          path: "/admin/password/not-a-real-secret",
          as: "visitor",
          status: 404,
          shows: ["This link has been used or has expired."],
        },
        "admin/sign-out": toSetup("/admin/sign-out"),
        admin: toSetup("/admin"),
        "admin/recaps": toSetup("/admin/recaps"),
        "admin/recaps/new": toSetup("/admin/recaps/new"),
        "admin/recaps/drafts/:draftId": toSetup("/admin/recaps/drafts/1"),
        "admin/recaps/:id": toSetup("/admin/recaps/1"),
        "admin/recaps/:id/newsletter": toSetup("/admin/recaps/1/newsletter"),
        "admin/episodes": toSetup("/admin/episodes"),
        "admin/episodes/new": toSetup("/admin/episodes/new"),
        "admin/episodes/drafts/:draftId": toSetup("/admin/episodes/drafts/1"),
        "admin/episodes/:id": toSetup("/admin/episodes/1"),
        "admin/comments": toSetup("/admin/comments"),
        "admin/staff": toSetup("/admin/staff"),
        "admin/account": toSetup("/admin/account"),
      };
    },
  },
  {
    name: "empty (an owner, no content: SEED_DEMO=false)",
    seed: async () => ({}),
    pages: () => ({
      ...samePages(true),
      ...noPublicContent([]),
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: {
        path: "/admin",
        as: "staff",
        shows: ["No drafts or scheduled recaps.", "No drafts or scheduled episodes.", "No comments yet."],
      },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: ["No recaps here yet."], hides: ["Page 1 of"] },
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": deskMissing("/admin/recaps/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id/newsletter": {
        ...deskMissing("/admin/recaps/1/newsletter", NO_SUCH_DESK_RECAP),
        endsAt: "/admin/recaps/1",
      },
      "admin/episodes": {
        path: "/admin/episodes",
        as: "staff",
        shows: ["No episodes here yet."],
        hides: ["Page 1 of"],
      },
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": deskMissing("/admin/episodes/1", NO_SUCH_DESK_EPISODE),
      "admin/comments": { path: "/admin/comments", as: "staff", shows: ["No comments to show."] },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER, "owner@proofline.test"] },
    }),
  },
  {
    name: "one item of each kind (a recap, an episode with audio, a comment on each, a member yet to set a password)",
    async seed(c) {
      const audio = await c.upload("podcast-episodes", "2026-11-20-daily-holiday-resets.mp3");
      const recap = await c.recap({
        date: "2026-11-20",
        headline: ONE.recap,
        tags: ["Bourbon"],
        snippets: "Allocations tighten.",
      });
      const episode = await c.episode({ date: "2026-11-20", title: ONE.episode, mp3_file: audio, tags: ["Bourbon"] });
      await c.comment("recaps", recap, "Riley Retailer", ONE.comment);
      await c.comment("episodes", episode, "Pat Producer", "Good pace on this one.");
      const passwordPath = await c.staffMember("Eddie Editor", "editor@proofline.test");
      return { recap, episode, passwordPath };
    },
    pages: ({ recap, episode, passwordPath }) => ({
      ...samePages(),
      topics: { path: "/topics", shows: ["Bourbon", "1 recap · 1 episode"] },
      // On one day the recap comes before the episode.
      "topics/:slug": { path: "/topics/bourbon", shows: ["Bourbon", "1 recap · 1 episode", ONE.recap, ONE.episode] },
      // The recap's headline and the episode's title both say it; no company does.
      search: {
        path: "/search?q=allocation",
        shows: ["2 results for “allocation”: 1 recap, 1 episode", ONE.recap, ONE.episode],
      },
      recap: {
        path: "/recap",
        shows: [ONE.recap, "Bourbon", { text: ONE.comment, only: "js" }],
        hides: [NO_RECAP_LIST, NO_RECAP_SELECTED, "Page 1 of"],
      },
      "recap/:id": {
        path: `/recap/${recap}`,
        shows: [ONE.recap, "Allocations tighten.", { text: ONE.comment, only: "js" }],
      },
      podcast: {
        path: "/podcast",
        shows: [
          "Latest Episode",
          ONE.episode,
          "1 episode",
          { css: "audio" },
          { text: "Good pace on this one.", only: "js" },
        ],
        hides: ["Audio not available", "Audio file not available", "No episodes yet."],
      },
      "admin/password/:token": {
        path: passwordPath!,
        as: "visitor",
        shows: ["Set your password", "For Eddie Editor (editor@proofline.test)"],
      },
      admin: {
        path: "/admin",
        as: "staff",
        shows: ["No drafts or scheduled recaps.", "Riley Retailer", ONE.comment, "Pat Producer"],
      },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: [ONE.recap, PUBLISHED_BADGE], hides: ["Page 1 of"] },
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": {
        path: `/admin/recaps/${recap}`,
        as: "staff",
        shows: [
          "Edit recap",
          { field: "Headline", value: ONE.recap },
          "Save changes",
          "Email to subscribers",
          "Email is not set up on this site",
        ],
      },
      "admin/recaps/:id/newsletter": {
        path: `/admin/recaps/${recap}/newsletter`,
        as: "staff",
        endsAt: `/admin/recaps/${recap}`,
        shows: ["Email to subscribers"],
      },
      "admin/episodes": { path: "/admin/episodes", as: "staff", shows: [ONE.episode, PUBLISHED_BADGE] },
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": {
        path: `/admin/episodes/${episode}`,
        as: "staff",
        shows: [
          "Edit episode",
          { field: "Title", value: ONE.episode },
          "Replace audio",
          { text: "2026-11-20-daily-holiday-resets", only: "js" },
        ],
      },
      "admin/comments": {
        path: "/admin/comments",
        as: "staff",
        shows: [ONE.comment, "Good pace on this one."],
        hides: ["Older comments"],
      },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER, "Eddie Editor", "editor@proofline.test"] },
    }),
  },
  {
    name: `many items (${MANY_RECAPS} recaps, ${MANY_EPISODES} episodes, ${MANY_COMMENTS} comments: enough for a second page everywhere)`,
    async seed(c) {
      const audio = await c.upload("podcast-episodes", "2026-11-20-daily-holiday-resets.mp3");
      let recap = 0;
      for (let n = 1; n <= MANY_RECAPS; n++)
        recap = await c.recap({ date: dayOf(n), headline: manyRecap(n), tags: ["Many state"] });
      for (let n = 1; n <= MANY_EPISODES; n++)
        await c.episode({
          date: dayOf(n),
          title: manyEpisode(n),
          mp3_file: audio,
          weekly_daily: n % 2 ? "daily" : "weekly",
          tags: ["Many state"],
        });
      for (let n = 1; n <= MANY_COMMENTS; n++)
        await c.comment("recaps", recap, `Reader ${n}`, `Comment number ${n} on the newest recap.`);
      return { recap };
    },
    pages: ({ recap }) => ({
      ...samePages(true),
      topics: { path: "/topics", shows: ["Many state", `${MANY_RECAPS} recaps · ${MANY_EPISODES} episodes`] },
      // 20 to a page, newest first: the last page holds the oldest recap and episode.
      "topics/:slug": [
        { path: "/topics/many-state", shows: [manyRecap(MANY_RECAPS), manyEpisode(MANY_EPISODES), "Page 1 of 3"] },
        {
          path: "/topics/many-state?page=3",
          shows: [manyRecap(1), manyEpisode(1), "Page 3 of 3"],
          hides: [manyRecap(MANY_RECAPS)],
        },
      ],
      search: [
        { path: "/search?q=many-state+recap", shows: [`${MANY_RECAPS} results`, `See all ${MANY_RECAPS} recaps`] },
        {
          path: "/search?q=many-state+recap&kind=recap&page=2",
          shows: [manyRecap(1), "Page 2 of 2"],
          hides: [manyRecap(MANY_RECAPS)],
        },
      ],
      recap: [
        { path: "/recap", shows: [manyRecap(MANY_RECAPS), "Page 1 of 2"], hides: [manyRecap(1)] },
        { path: "/recap?page=2", shows: [manyRecap(1), "Page 2 of 2"], hides: [manyRecap(MANY_RECAPS)] },
      ],
      "recap/:id": {
        path: `/recap/${recap}`,
        shows: [manyRecap(MANY_RECAPS), { text: "Comment number 1 on the newest recap.", only: "js" }],
      },
      podcast: [
        {
          path: "/podcast",
          shows: ["Latest Episode", `${MANY_EPISODES} episodes`, manyEpisode(MANY_EPISODES), "Page 1 of 3"],
        },
        { path: "/podcast?page=3", shows: [manyEpisode(1), "Page 3 of 3"], hides: [manyEpisode(11)] },
      ],
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: {
        path: "/admin",
        as: "staff",
        shows: [`Comment number ${MANY_COMMENTS} on the newest recap.`],
        hides: [`Comment number ${MANY_COMMENTS - 5} on the newest recap.`],
      },
      "admin/recaps": [
        {
          path: "/admin/recaps",
          as: "staff",
          shows: [manyRecap(MANY_RECAPS), `Page 1 of 2 · ${MANY_RECAPS} published recaps`],
          hides: [manyRecap(1)],
        },
        {
          path: "/admin/recaps?page=2",
          as: "staff",
          shows: [manyRecap(1), `Page 2 of 2 · ${MANY_RECAPS} published recaps`],
        },
      ],
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": {
        path: `/admin/recaps/${recap}`,
        as: "staff",
        shows: [{ field: "Headline", value: manyRecap(MANY_RECAPS) }, "Email to subscribers"],
      },
      "admin/recaps/:id/newsletter": {
        path: `/admin/recaps/${recap}/newsletter`,
        as: "staff",
        endsAt: `/admin/recaps/${recap}`,
        shows: ["Email to subscribers"],
      },
      "admin/episodes": [
        {
          path: "/admin/episodes",
          as: "staff",
          shows: [manyEpisode(MANY_EPISODES), `Page 1 of 2 · ${MANY_EPISODES} published episodes`],
          hides: [manyEpisode(1)],
        },
        {
          path: "/admin/episodes?page=2",
          as: "staff",
          shows: [manyEpisode(1), `Page 2 of 2 · ${MANY_EPISODES} published episodes`],
        },
      ],
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": {
        path: `/admin/episodes/${MANY_EPISODES}`,
        as: "staff",
        shows: [{ field: "Title", value: manyEpisode(MANY_EPISODES) }],
      },
      // 50 at a time, the newest first, then "Older comments".
      "admin/comments": {
        path: "/admin/comments",
        as: "staff",
        shows: [`Comment number ${MANY_COMMENTS} on the newest recap.`, "Older comments"],
        hides: ["Comment number 5 on the newest recap."],
      },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
    }),
  },
  {
    name: "a draft recap and a draft episode (nothing published)",
    async seed(c) {
      const recapDraft = await c.recapDraft({ date: "2026-12-04", headline: DRAFT.recap });
      const episodeDraft = await c.episodeDraft({ date: "2026-12-04", title: DRAFT.episode });
      return { recapDraft, episodeDraft };
    },
    pages: ({ recapDraft, episodeDraft }) => ({
      ...samePages(),
      // A draft is never public.
      ...noPublicContent([DRAFT.recap, DRAFT.episode], "not for"),
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: {
        path: "/admin",
        as: "staff",
        shows: [DRAFT.recap, DRAFT.episode, DRAFT_BADGE],
        hides: ["No drafts or scheduled recaps.", "No drafts or scheduled episodes."],
      },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: [DRAFT.recap, DRAFT_BADGE] },
      "admin/recaps/drafts/:draftId": {
        path: `/admin/recaps/drafts/${recapDraft}`,
        as: "staff",
        shows: ["Edit recap", { field: "Headline", value: DRAFT.recap }, "Save draft", "Publish now", "Delete draft"],
        hides: ["Email to subscribers"],
      },
      "admin/recaps/:id": deskMissing("/admin/recaps/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id/newsletter": {
        ...deskMissing("/admin/recaps/1/newsletter", NO_SUCH_DESK_RECAP),
        endsAt: "/admin/recaps/1",
      },
      "admin/episodes": { path: "/admin/episodes", as: "staff", shows: [DRAFT.episode, DRAFT_BADGE] },
      "admin/episodes/drafts/:draftId": {
        path: `/admin/episodes/drafts/${episodeDraft}`,
        as: "staff",
        shows: ["Edit episode", { field: "Title", value: DRAFT.episode }, "Delete draft"],
      },
      "admin/episodes/:id": deskMissing("/admin/episodes/1", NO_SUCH_DESK_EPISODE),
      "admin/comments": { path: "/admin/comments", as: "staff", shows: ["No comments to show."] },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
    }),
  },
  {
    name: "a scheduled recap and a scheduled episode (not yet due)",
    async seed(c) {
      const recapDraft = await c.recapDraft({
        date: "2030-01-15",
        headline: SCHEDULED.recap,
        publish_at: SCHEDULED_AT,
      });
      const episodeDraft = await c.episodeDraft({
        date: "2030-01-15",
        title: SCHEDULED.episode,
        publish_at: SCHEDULED_AT,
      });
      return { recapDraft, episodeDraft };
    },
    pages: ({ recapDraft, episodeDraft }) => {
      // The server renders the time in UTC with the zone named; the hydrated page in the editor's zone.
      const scheduled: Check[] = [
        { text: SCHEDULED_SERVER, only: "plain" },
        { text: SCHEDULED_BROWSER, only: "js" },
      ];
      // The editor's "Publish at" holds the same instant: read as UTC without JavaScript, in the editor's zone with it.
      const publishAtField: Check[] = [
        // Chromium drops ":00" seconds from a datetime-local value it was given.
        { field: "Publish at", value: /^2030-01-15T15:00(:00)?$/, only: "plain" },
        { text: "Your time zone: UTC.", only: "plain" },
        { field: "Publish at", value: /^2030-01-15T10:00(:00)?$/, only: "js" },
        { text: "Your time zone: America/New_York.", only: "js" },
      ];
      return {
        ...samePages(),
        ...noPublicContent([SCHEDULED.recap, SCHEDULED.episode], "January"),
        "admin/password/:token": {
          path: "/admin/password/not-a-real-secret",
          as: "visitor",
          status: 404,
          shows: ["This link has been used or has expired."],
        },
        admin: { path: "/admin", as: "staff", shows: [SCHEDULED.recap, SCHEDULED.episode, ...scheduled] },
        "admin/recaps": [
          { path: "/admin/recaps", as: "staff", shows: [SCHEDULED.recap, ...scheduled] },
          { path: "/admin/recaps?status=scheduled", as: "staff", shows: [SCHEDULED.recap, ...scheduled] },
        ],
        "admin/recaps/drafts/:draftId": {
          path: `/admin/recaps/drafts/${recapDraft}`,
          as: "staff",
          shows: [{ field: "Headline", value: SCHEDULED.recap }, ...publishAtField],
        },
        "admin/recaps/:id": deskMissing("/admin/recaps/1", NO_SUCH_DESK_RECAP),
        "admin/recaps/:id/newsletter": {
          ...deskMissing("/admin/recaps/1/newsletter", NO_SUCH_DESK_RECAP),
          endsAt: "/admin/recaps/1",
        },
        "admin/episodes": [
          { path: "/admin/episodes", as: "staff", shows: [SCHEDULED.episode, ...scheduled] },
          { path: "/admin/episodes?status=scheduled", as: "staff", shows: [SCHEDULED.episode, ...scheduled] },
        ],
        "admin/episodes/drafts/:draftId": {
          path: `/admin/episodes/drafts/${episodeDraft}`,
          as: "staff",
          shows: [{ field: "Title", value: SCHEDULED.episode }, ...publishAtField],
        },
        "admin/episodes/:id": deskMissing("/admin/episodes/1", NO_SUCH_DESK_EPISODE),
        "admin/comments": { path: "/admin/comments", as: "staff", shows: ["No comments to show."] },
        "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
      };
    },
  },
  {
    name: "a hidden comment beside a visible one, on a recap and on an episode",
    async seed(c) {
      const recap = await c.recap({ date: "2026-11-27", headline: "Recap with a moderated thread" });
      const episode = await c.episode({ date: "2026-11-27", title: "Episode with a moderated thread" });
      await c.comment("recaps", recap, HIDDEN.reader, HIDDEN.visible);
      await c.comment("recaps", recap, HIDDEN.spammer, HIDDEN.hidden, { hidden: true });
      await c.comment("episodes", episode, HIDDEN.reader, `${HIDDEN.visible} (episode)`);
      await c.comment("episodes", episode, HIDDEN.spammer, `${HIDDEN.hidden} (episode)`, { hidden: true });
      return { recap, episode };
    },
    pages: ({ recap, episode }) => ({
      ...samePages(),
      topics: [],
      "topics/:slug": [],
      // Comments are not searched: a hidden one's words find nothing.
      search: { path: "/search?q=cheap+bottles", shows: ["Nothing in the hub matches “cheap bottles”."] },
      recap: {
        path: "/recap",
        shows: ["Recap with a moderated thread", { text: HIDDEN.visible, only: "js" }],
        hides: [HIDDEN.hidden, HIDDEN.spammer],
      },
      "recap/:id": {
        path: `/recap/${recap}`,
        shows: ["Recap with a moderated thread", { text: HIDDEN.visible, only: "js" }],
        hides: [HIDDEN.hidden, HIDDEN.spammer],
      },
      podcast: {
        path: "/podcast",
        shows: ["Episode with a moderated thread", { text: `${HIDDEN.visible} (episode)`, only: "js" }],
        hides: [HIDDEN.hidden, HIDDEN.spammer],
      },
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: {
        path: "/admin",
        as: "staff",
        shows: [HIDDEN.hidden, HIDDEN.visible, { css: 'span:text-is("hidden")' }, { css: 'span:text-is("visible")' }],
      },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: ["Recap with a moderated thread"] },
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": {
        path: `/admin/recaps/${recap}`,
        as: "staff",
        shows: [{ field: "Headline", value: "Recap with a moderated thread" }],
      },
      "admin/recaps/:id/newsletter": {
        path: `/admin/recaps/${recap}/newsletter`,
        as: "staff",
        endsAt: `/admin/recaps/${recap}`,
        shows: ["Email to subscribers"],
      },
      "admin/episodes": { path: "/admin/episodes", as: "staff", shows: ["Episode with a moderated thread"] },
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": {
        path: `/admin/episodes/${episode}`,
        as: "staff",
        shows: [{ field: "Title", value: "Episode with a moderated thread" }],
      },
      // The moderator sees the hidden comment, marked, with the button to show it again.
      "admin/comments": [
        {
          path: "/admin/comments",
          as: "staff",
          shows: [
            HIDDEN.hidden,
            HIDDEN.visible,
            { css: 'button:has-text("Unhide the comment by Spam Bot")' },
            { css: 'button:has-text("Hide the comment by Rita Reader")' },
          ],
        },
        {
          path: "/admin/comments?status=hidden",
          as: "staff",
          shows: [HIDDEN.hidden, `${HIDDEN.hidden} (episode)`],
          hides: [HIDDEN.visible],
        },
      ],
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
    }),
  },
  {
    name: "an episode without audio",
    async seed(c) {
      return { episode: await c.episode({ date: "2026-11-27", title: NO_AUDIO, weekly_daily: "weekly" }) };
    },
    pages: ({ episode }) => ({
      ...samePages(),
      ...noPublicContent([]),
      // The latest-episode card and the list each say so in their own words (spec, Podcasts).
      podcast: {
        path: "/podcast",
        shows: ["Latest Episode", NO_AUDIO, "Audio not available", "Audio file not available", "1 episode"],
        hides: [{ css: "audio" }],
      },
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: { path: "/admin", as: "staff", shows: ["No drafts or scheduled episodes."] },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: ["No recaps here yet."] },
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": deskMissing("/admin/recaps/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id/newsletter": {
        ...deskMissing("/admin/recaps/1/newsletter", NO_SUCH_DESK_RECAP),
        endsAt: "/admin/recaps/1",
      },
      "admin/episodes": { path: "/admin/episodes", as: "staff", shows: [NO_AUDIO, PUBLISHED_BADGE] },
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": {
        path: `/admin/episodes/${episode}`,
        as: "staff",
        shows: [{ field: "Title", value: NO_AUDIO }, "Drop an MP3 or M4A here"],
        hides: ["Replace audio", { css: "audio" }],
      },
      "admin/comments": { path: "/admin/comments", as: "staff", shows: ["No comments to show."] },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
    }),
  },
  {
    name: "a recap with an image and one without",
    async seed(c) {
      const image = await c.upload("weekly-summary-pics", "2026-10-16-barrel-house.jpg");
      const recap = await c.recap({ date: "2026-11-20", headline: IMAGES.with, blog_image: image });
      const recap2 = await c.recap({ date: "2026-11-27", headline: IMAGES.without });
      return { recap, recap2 };
    },
    pages: ({ recap, recap2 }) => ({
      ...samePages(),
      search: [],
      topics: [],
      "topics/:slug": [],
      recap: [
        // The newest (no image) is selected by default; the other is picked by its id.
        { path: "/recap", shows: [IMAGES.without, IMAGES.with], hides: [{ css: RECAP_IMAGE }] },
        { path: `/recap?id=${recap}`, shows: [IMAGES.with, { css: RECAP_IMAGE, loaded: true }] },
      ],
      "recap/:id": [
        { path: `/recap/${recap}`, shows: [IMAGES.with, { css: RECAP_IMAGE, loaded: true }] },
        { path: `/recap/${recap2}`, shows: [IMAGES.without], hides: [{ css: RECAP_IMAGE }] },
      ],
      podcast: { path: "/podcast", shows: ["No episodes yet."] },
      "admin/password/:token": {
        path: "/admin/password/not-a-real-secret",
        as: "visitor",
        status: 404,
        shows: ["This link has been used or has expired."],
      },
      admin: { path: "/admin", as: "staff", shows: ["No drafts or scheduled recaps."] },
      "admin/recaps": { path: "/admin/recaps", as: "staff", shows: [IMAGES.with, IMAGES.without] },
      "admin/recaps/drafts/:draftId": deskMissing("/admin/recaps/drafts/1", NO_SUCH_DESK_RECAP),
      "admin/recaps/:id": [
        {
          path: `/admin/recaps/${recap}`,
          as: "staff",
          shows: [{ field: "Headline", value: IMAGES.with }, { css: RECAP_IMAGE, loaded: true }, "Remove image"],
        },
        {
          path: `/admin/recaps/${recap2}`,
          as: "staff",
          shows: [{ field: "Headline", value: IMAGES.without }],
          hides: [{ css: RECAP_IMAGE }, "Remove image"],
        },
      ],
      "admin/recaps/:id/newsletter": {
        path: `/admin/recaps/${recap}/newsletter`,
        as: "staff",
        endsAt: `/admin/recaps/${recap}`,
        shows: ["Email to subscribers"],
      },
      "admin/episodes": { path: "/admin/episodes", as: "staff", shows: ["No episodes here yet."] },
      "admin/episodes/drafts/:draftId": deskMissing("/admin/episodes/drafts/1", NO_SUCH_DESK_EPISODE),
      "admin/episodes/:id": deskMissing("/admin/episodes/1", NO_SUCH_DESK_EPISODE),
      "admin/comments": { path: "/admin/comments", as: "staff", shows: ["No comments to show."] },
      "admin/staff": { path: "/admin/staff", as: "staff", shows: [OWNER] },
    }),
  },
];

const ROUTES = Object.keys(STATES[1]!.pages({})) as Route[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * How long a page has to show a text. A state's pages load side by side on CI's two cores, where a
 * page under that load has taken more than 5 s to show a text it does show (CI rehearsal,
 * 2026-11-27: `recap/:id`'s comment island, `admin/recaps/drafts/:draftId`). This test proves what
 * each state shows, not how fast: speed is measured by `npm run bench`, never asserted here.
 */
const SHOW_MS = 15_000;

/** Loads `c.path` fresh in `context` and checks status, destination and content; JavaScript on or off as the context is. */
async function checkPage(
  context: BrowserContext,
  c: PageCase,
  mode: "js" | "plain",
  expect: ExpectStatic,
): Promise<void> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  const where = `${c.path} (${mode === "js" ? "hydrated" : "JavaScript off"})`;
  try {
    const res = await page.goto(c.path);
    const status = c.status ?? 200;
    expect(res?.status(), `${where}: status`).toBe(status);
    const url = new URL(page.url());
    expect(url.pathname + url.search, `${where}: where it ended`).toBe(c.endsAt ?? c.path);
    // Pages sent as plain HTML (home, the newsletter's) ship no script and never hydrate.
    if (mode === "js" && (await page.locator('script[type="module"]').count()) > 0) await hydrated(page);
    for (const check of c.shows) await expectShown(page, check, mode, where, expect);
    for (const absent of c.hides ?? []) {
      const locator = typeof absent === "string" ? page.getByText(absent) : page.locator(absent.css);
      expect(await locator.count(), `${where}: must not show ${JSON.stringify(absent)}`).toBe(0);
    }
    // The browser reports a page answered with an error status once; nothing else may go wrong.
    const expected = [...(status === 200 ? [] : [new RegExp(`status of ${status}`)]), ...(c.logs ?? [])];
    expect(
      errors.filter((e) => !expected.some((re) => re.test(e))),
      `${where}: console errors`,
    ).toEqual([]);
  } finally {
    await page.close();
  }
}

async function expectShown(
  page: Page,
  check: Check,
  mode: "js" | "plain",
  where: string,
  expect: ExpectStatic,
): Promise<void> {
  const what = `${where}: must show ${JSON.stringify(check)}`;
  if (typeof check === "string" || "text" in check) {
    if (typeof check !== "string" && check.only !== mode) return;
    const text = typeof check === "string" ? check : check.text;
    await page
      .getByText(text)
      .filter({ visible: true })
      .first()
      .waitFor({ state: "visible", timeout: SHOW_MS })
      .catch(() => expect.fail(what));
  } else if ("field" in check) {
    if (check.only && check.only !== mode) return;
    const value = await page.getByLabel(check.field, { exact: true }).inputValue({ timeout: SHOW_MS });
    if (typeof check.value === "string") expect(value, what).toBe(check.value);
    else expect(value, what).toMatch(check.value);
  } else {
    const element = page.locator(check.css).first();
    await element.waitFor({ state: "visible", timeout: SHOW_MS }).catch(() => expect.fail(what));
    if (check.loaded) {
      await element.scrollIntoViewIfNeeded();
      await expect
        .poll(() => element.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: `${what}: the image loads`,
          timeout: SHOW_MS,
        })
        .toBe(true);
    }
  }
}

describe.each(STATES)("$name", (state) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let ids: Seeded;
  const contexts = {} as Record<"visitor" | "staff", Record<"js" | "plain", BrowserContext>>;

  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    // No demo content: each state is exactly what its seed makes. Comments come fast here.
    server = await startServer({
      ...testDb.env,
      ADMIN_TOKEN,
      SEED_DEMO: "false",
      COMMENT_RATE_PER_MINUTE: "1000",
      COMMENT_RATE_PER_DAY: "1000",
    });
    const [js, plain] = await Promise.all([
      browserContext(browser, server.url, true),
      browserContext(browser, server.url, false),
    ]);
    contexts.visitor = { js, plain };
    contexts.staff =
      state.staff === false ? contexts.visitor : await signedInContexts(browser, server.url, ADMIN_TOKEN);
    ids = await state.seed(siteContent(server.url, ADMIN_TOKEN, testDb));
  });
  afterAll(async () => {
    for (const who of new Set([contexts.visitor, contexts.staff]))
      await Promise.all([who?.js.close(), who?.plain.close()]);
    await server?.stop();
    await testDb?.drop();
  });

  // The pages of one state are loaded side by side (each in its own page), as readers would.
  it.concurrent.for(ROUTES)("%s", async (route, { expect }) => {
    const cases = [state.pages(ids)[route]].flat();
    for (const c of cases) {
      const who = contexts[c.as ?? "visitor"];
      // The two loads are independent (own pages, own contexts): side by side they take half the time.
      await Promise.all([checkPage(who.js, c, "js", expect), checkPage(who.plain, c, "plain", expect)]);
    }
  });

  // A page that caught its own failure and still answered would pass the checks above: the log tells.
  it("logged no server error while rendering them", () => {
    expect(server.logs.filter((l) => typeof l === "object" && Number(l.level) >= 50)).toEqual([]);
  });
});
