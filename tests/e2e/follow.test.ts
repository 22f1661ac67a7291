import type { ParsedMail } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE } from "../support/browser.ts";
import { MAIL_SITE, startMailingSite, type MailingSite } from "../support/mailing-site.ts";
import type { RunningServer } from "../support/server.ts";
import { testToday } from "../support/clock.ts";

const TOKEN = "follow-e2e-token-0123456789abcdef";
const SITE = MAIL_SITE;
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;
const sazerac = COMPANIES.find((c) => c.name.startsWith("Sazerac"))!;

let browser: Browser;
let site: MailingSite;
let server: RunningServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    startMailingSite({ ADMIN_TOKEN: TOKEN, SCHEDULE_POLL_SECONDS: "0.2", DIGEST_AUTO_SEND: "false" }),
  ]);
  server = site.server;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const nextMailTo = (address: string, count: number) => site.sink.nextMailTo(address, count);
/** A link of the site from a mail, on the server under test. */
const siteLink = (m: ParsedMail, pattern: RegExp) => m.text!.match(pattern)![0].replace(SITE, server.url);

/** Taps the field and types, as a thumb on a phone does (not a `fill`, which skips the keyboard). */
async function tapAndType(page: Page, field: ReturnType<Page["getByLabel"]>, text: string) {
  await field.tap();
  await page.keyboard.type(text);
}

describe("following in a browser", () => {
  it("follows from a profile on a phone, confirms by the page's button, follows a topic at once, then manages and stops the digest from its links", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE, { touch: true });
    await page.goto(`/explorer?company=${diageo.id}`);
    await hydrated(page);
    const form = page.getByRole("dialog").getByRole("region", { name: "Follow this company" });
    await tapAndType(page, form.getByLabel("Email address"), "buyer@example.com");
    await Promise.all([page.waitForURL(/\/follow$/), form.getByRole("button", { name: "Follow" }).tap()]);
    await page.getByRole("status").getByText("Check your inbox.").waitFor();
    await expectNoAxeViolations(page);

    const confirmation = await nextMailTo("buyer@example.com", 1);
    expect(confirmation.subject).toBe("Confirm your address to follow on Proofline");
    await page.goto(siteLink(confirmation, /http:\/\/proofline\.test\/newsletter\/confirm\/\S+/));
    await page.getByRole("heading", { name: "Confirm your address" }).waitFor();
    await expectNoAxeViolations(page);
    const [confirmed] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/newsletter/confirm/")),
      page.getByRole("button", { name: "Confirm and follow" }).tap(),
    ]);
    expect(confirmed.status()).toBe(200);
    await page.getByRole("heading", { name: "You're following" }).waitFor();

    // A topic, from its page: the address is confirmed, so it counts at once and no mail is sent.
    await page.goto("/topics/tequila");
    await hydrated(page);
    const topicForm = page.getByRole("region", { name: "Follow Tequila" });
    await tapAndType(page, topicForm.getByLabel("Email address"), "buyer@example.com");
    await Promise.all([page.waitForURL(/\/follow$/), topicForm.getByRole("button", { name: "Follow" }).tap()]);
    await page.getByRole("status").getByText("Check your inbox.").waitFor();

    const res = await fetch(`${server.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: testToday(),
        headline: "Agave and outlooks",
        content: "## Spirits\n\nDiageo cut its outlook.\n\n## Agave\n\nTequila volumes held up.",
        tags: ["Tequila"],
      }),
    });
    expect(res.status).toBe(201);
    const sent = await fetch(`${server.url}/api/admin/digest/send`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(sent.status).toBe(202);
    const digest = await nextMailTo("buyer@example.com", 2);
    expect(digest.text).toContain("> Diageo cut its outlook.");
    expect(digest.text).toContain("> Tequila volumes held up.");

    // The signed page of the address's follows: remove one by its own button.
    await page.goto(siteLink(digest, /http:\/\/proofline\.test\/follows\/\d+-[\w-]+/));
    await page.getByRole("heading", { name: "What you follow" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: diageo.name }).waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/follows/")),
      page.getByRole("button", { name: "Remove Tequila" }).tap(),
    ]);
    await page.getByRole("status").getByText("You no longer follow Tequila.").waitFor();
    expect(await page.getByRole("button", { name: "Remove Tequila" }).count()).toBe(0);
    await page.getByLabel("Alert as soon as a recap names a company I follow").tap();
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/follows/")),
      page.getByRole("button", { name: "Save" }).tap(),
    ]);
    await page
      .getByRole("status")
      .getByText("Saved: an alert as soon as a recap names a company you follow.")
      .waitFor();
    expect(await page.getByLabel("Alert as soon as a recap names a company I follow").isChecked()).toBe(true);

    // The digest's unsubscribe link: a page with one button, which stops the digest and nothing else.
    await page.goto(siteLink(digest, /http:\/\/proofline\.test\/follows\/unsubscribe\/\S+/));
    await page.getByRole("heading", { name: "Stop the digest?" }).waitFor();
    await expectNoAxeViolations(page);
    const [stopped] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/follows/unsubscribe/")),
      page.getByRole("button", { name: "Unsubscribe" }).tap(),
    ]);
    expect(stopped.status()).toBe(200);
    await page.getByRole("heading", { name: "You're unsubscribed from the digest" }).waitFor();
    await expectNoAxeViolations(page);
    expectNoUnexpectedErrors();
  });

  it("follows from a profile and a topic's page on a phone with JavaScript off, by each form's own button", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE, {
      touch: true,
      javaScriptEnabled: false,
    });
    try {
      await page.goto(`/explorer?company=${sazerac.id}`);
      const profileForm = page.getByRole("region", { name: "Follow this company" });
      await tapAndType(page, profileForm.getByLabel("Email address"), "plain-profile@example.com");
      await Promise.all([page.waitForURL(/\/follow$/), profileForm.getByRole("button", { name: "Follow" }).tap()]);
      await page.getByRole("status").getByText("Check your inbox.").waitFor();
      const mail = await nextMailTo("plain-profile@example.com", 1);
      expect(mail.subject).toBe("Confirm your address to follow on Proofline");

      await page.goto("/topics/tequila");
      const topicForm = page.getByRole("region", { name: "Follow Tequila" });
      await tapAndType(page, topicForm.getByLabel("Email address"), "plain-topic@example.com");
      await Promise.all([page.waitForURL(/\/follow$/), topicForm.getByRole("button", { name: "Follow" }).tap()]);
      await page.getByRole("status").getByText("Check your inbox.").waitFor();
      expect((await nextMailTo("plain-topic@example.com", 1)).subject).toBe(
        "Confirm your address to follow on Proofline",
      );
      expectNoUnexpectedErrors();
    } finally {
      await context.close();
    }
  });

  it("follows from a search result on a phone with JavaScript on", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE, { touch: true });
    try {
      await page.goto("/search?q=Diageo");
      await hydrated(page);
      await Promise.all([
        page.waitForURL(/\/follow\?/),
        page.getByRole("link", { name: "Follow this company" }).first().tap(),
      ]);
      const form = page.getByRole("region", { name: `Follow ${diageo.name}` });
      await tapAndType(page, form.getByLabel("Email address"), "search-phone@example.com");
      await Promise.all([page.waitForURL(/\/follow$/), form.getByRole("button", { name: "Follow" }).tap()]);
      await page.getByRole("status").getByText("Check your inbox.").waitFor();
      expect((await nextMailTo("search-phone@example.com", 1)).subject).toBe(
        "Confirm your address to follow on Proofline",
      );
      await expectNoAxeViolations(page);
      expectNoUnexpectedErrors();
    } finally {
      await context.close();
    }
  });

  it("follows a market family from its page on a phone, then removes all, stops and starts the digest by each button, with and without JavaScript", async () => {
    const { page, context, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE, { touch: true });
    let manage: string | undefined;
    try {
      await page.goto("/data/tequila");
      const familyForm = page.getByRole("region", { name: "Follow Tequila in Iowa" });
      await tapAndType(page, familyForm.getByLabel("Email address"), "figures@example.com");
      await Promise.all([page.waitForURL(/\/follow$/), familyForm.getByRole("button", { name: "Follow" }).tap()]);
      await page.getByRole("status").getByText("Check your inbox.").waitFor();
      const confirmation = await nextMailTo("figures@example.com", 1);
      await page.goto(siteLink(confirmation, /http:\/\/proofline\.test\/newsletter\/confirm\/\S+/));
      await page.getByRole("button", { name: "Confirm and follow" }).tap();
      await page.getByRole("heading", { name: "You're following" }).waitFor();
      // A company too, from its profile: the address is confirmed, so it counts at once.
      await page.goto(`/explorer?company=${diageo.id}`);
      await hydrated(page);
      const companyForm = page.getByRole("dialog").getByRole("region", { name: "Follow this company" });
      await tapAndType(page, companyForm.getByLabel("Email address"), "figures@example.com");
      await Promise.all([page.waitForURL(/\/follow$/), companyForm.getByRole("button", { name: "Follow" }).tap()]);
      await page.getByRole("status").getByText("Check your inbox.").waitFor();

      const res = await fetch(`${server.url}/api/admin/recaps`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ date: testToday(), headline: "Diageo again", content: "Diageo raised prices." }),
      });
      expect(res.status).toBe(201);
      const sent = await fetch(`${server.url}/api/admin/digest/send`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(sent.status).toBe(202);
      const digest = await nextMailTo("figures@example.com", 2);
      manage = siteLink(digest, /http:\/\/proofline\.test\/follows\/\d+-[\w-]+/);

      // With JavaScript: the list names each item's kind; "Remove all" empties it.
      await page.goto(manage);
      const family = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Tequila in Iowa" }) });
      expect((await family.innerText()).replace(/\s+/g, " ")).toContain("Tequila in Iowa market data");
      await page.getByRole("link", { name: diageo.name }).waitFor();
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/follows/")),
        page.getByRole("button", { name: "Remove all" }).tap(),
      ]);
      await page.getByRole("status").getByText("You no longer follow anything.").waitFor();
      await page.getByText("You follow nothing at the moment.").waitFor();
      expect(await page.getByRole("button", { name: "Remove all" }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/follows/")),
        page.getByRole("button", { name: "Stop the digest" }).tap(),
      ]);
      await page
        .getByRole("status")
        .getByText("Digest stopped. The Weekly Recap, if you get it, is not affected.")
        .waitFor();
      await page.getByText("The digest is stopped at this address.").waitFor();
      await expectNoAxeViolations(page);
      expectNoUnexpectedErrors();
    } finally {
      await context.close();
    }

    // Without JavaScript, the same page's own buttons: start the digest again, then stop it.
    if (!manage) throw new Error("the digest had no manage link");
    const link = manage;
    const plain = await openPage(browser, server.url, PHONE, { touch: true, javaScriptEnabled: false });
    try {
      await plain.page.goto(link);
      await plain.page.getByText("The digest is stopped at this address.").waitFor();
      await Promise.all([
        plain.page.waitForURL(link),
        plain.page.getByRole("button", { name: "Start the digest" }).tap(),
      ]);
      await plain.page.getByRole("status").getByText("Digest started again.").waitFor();
      await plain.page.getByText("The digest comes to this address.").waitFor();
      await plain.page.getByRole("button", { name: "Stop the digest" }).tap();
      await plain.page
        .getByRole("status")
        .getByText("Digest stopped. The Weekly Recap, if you get it, is not affected.")
        .waitFor();
      await plain.page.getByRole("button", { name: "Start the digest" }).waitFor();
    } finally {
      await plain.context.close();
    }
  });

  it("follows from a search result with JavaScript off, and shows a refusal by the field", async () => {
    const { page, context } = await openPage(browser, server.url, undefined, { javaScriptEnabled: false });
    try {
      await page.goto("/search?q=Sazerac");
      await Promise.all([
        page.waitForURL(/\/follow\?/),
        page.getByRole("link", { name: "Follow this company" }).first().click(),
      ]);
      const form = page.getByRole("region", { name: `Follow ${sazerac.name}` });
      await form.getByLabel("Email address").fill("analyst@");
      // The browser's own check would stop a typo like this; the server's answer is what is tested.
      await form.locator("form").evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await form.getByRole("button", { name: "Follow" }).click();
      await page.getByRole("alert").getByText("Enter a valid email address, like name@company.com.").waitFor();
      expect(await form.getByLabel("Email address").inputValue()).toBe("analyst@");
      await form.getByLabel("Email address").fill("analyst@example.com");
      await form.getByRole("button", { name: "Follow" }).click();
      await page.getByText("Check your inbox.").waitFor();
      expect((await nextMailTo("analyst@example.com", 1)).subject).toBe("Confirm your address to follow on Proofline");
    } finally {
      await context.close();
    }
  });
});
