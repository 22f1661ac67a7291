import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { freshDatabase, type TestDatabase } from "./databases.ts";
import { startServer, type RunningServer } from "./server.ts";

/**
 * Under `bin/test-clock-ahead` the test process and the servers run with libfaketime's moved
 * clock. Chromium under libfaketime takes minutes to start, so it keeps the real clock and each
 * of its contexts gets the moved one for its pages' scripts (Playwright's clock: `Date` and the
 * timers, running at the natural pace from the test's "now"). Its network stack keeps the real
 * clock, which only cookie expiry reads, and the moved clock is ahead of it, never behind.
 */
const CLOCK_MOVED = Boolean(process.env.FAKETIME);

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...(CLOCK_MOVED ? { env: withoutFaketime(process.env) } : {}),
  });
  if (CLOCK_MOVED) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      await context.clock.install({ time: Date.now() });
      return context;
    };
  }
  return browser;
}

function withoutFaketime(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(LD_PRELOAD|FAKETIME)/.test(entry[0]),
    ),
  );
}

/**
 * Puts the page's timers in the test's hands: nothing fires until `page.clock.runFor` (or
 * `resume`). An installed clock otherwise runs at the natural pace between the test's steps
 * (and under bin/test-clock-ahead every context has one already), so a step slowed by the
 * machine's load would count as time passing in the page.
 */
export async function holdPageClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };
/** The phone width the issues name (an iPhone's 390 px). */
export const PHONE_390 = { width: 390, height: 844 };

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Fails the test on any console error not matched by one of `expected`. */
  expectNoUnexpectedErrors(expected?: RegExp[]): void;
}

/**
 * Where test browsers live: not in the CI machine's UTC, so that code that reads
 * a time in the browser's zone (or forgets to) is tested as readers use it.
 * A test may move its browser east of UTC with `timezoneId`.
 */
export const BROWSER_TIME_ZONE = "America/New_York";

/**
 * A fresh context and page whose console errors are recorded: a test fails on
 * any it did not expect. Requests anywhere but the test server are blocked.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  {
    timezoneId = BROWSER_TIME_ZONE,
    javaScriptEnabled = true,
    touch = false,
  }: {
    timezoneId?: string;
    /** false: the page as a reader without JavaScript (or a crawler) gets it. */
    javaScriptEnabled?: boolean;
    /** A phone held in the hand: touch, mobile viewport rules, a dense screen. */
    touch?: boolean;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    timezoneId,
    locale: "en-US",
    javaScriptEnabled,
    ...(touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 3 } : {}),
  });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return {
    page,
    context,
    errors,
    expectNoUnexpectedErrors(expected = []) {
      const unexpected = errors.filter((e) => !expected.some((re) => re.test(e)));
      expect(unexpected, "unexpected console errors").toEqual([]);
    },
  };
}

/**
 * Waits until React has hydrated the server-rendered page. On a plain-HTML page
 * with islands, islands come alive as they near the viewport: this brings each
 * into view in turn, as a reader scrolling down would, waits until it has
 * mounted, and puts the scroll back where it was.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(async () => {
    const { scrollX, scrollY } = window;
    for (const box of document.querySelectorAll<HTMLElement>('[data-island][data-mount="visible"]')) {
      box.firstElementChild?.scrollIntoView({ block: "center" });
      const giveUp = Date.now() + 10_000;
      while (box.dataset.mounted !== "true") {
        // An island that never mounts (no box to come into view) is a bug: say which, rather than hang.
        if (Date.now() > giveUp)
          throw new Error(`island "${box.dataset.island}" did not mount when scrolled into view`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    window.scrollTo(scrollX, scrollY);
  });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe-core violations").toEqual([]);
}

/** `openPage`, then `path` loaded and hydrated. */
export async function openHydrated(
  browser: Browser,
  baseUrl: string,
  path: string,
  viewport = DESKTOP,
): Promise<WatchedPage> {
  const watched = await openPage(browser, baseUrl, viewport);
  await watched.page.goto(path);
  await hydrated(watched.page);
  return watched;
}

/**
 * A browser and a server on a fresh SQLite database with the demo content, for the tests of one
 * file: started before them, stopped and removed after.
 */
export function browserAndSite(env: Record<string, string> = {}): { readonly browser: Browser; readonly url: string } {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    [browser, server] = await Promise.all([launchBrowser(), startServer({ ...testDb.env, ...env })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await testDb?.drop();
  });
  return {
    get browser() {
      return browser!;
    },
    get url() {
      return server!.url;
    },
  };
}
