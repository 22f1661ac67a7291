import type { ParsedMail } from "mailparser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, hydrated, launchBrowser, openPage, PHONE } from "../support/browser.ts";
import { setUpDeskOwner } from "../support/desk-client.ts";
import { MAIL_SITE, startMailingSite, type MailingSite } from "../support/mailing-site.ts";
import type { RunningServer } from "../support/server.ts";
import { testToday } from "../support/clock.ts";

const TOKEN = "newsletter-e2e-token-0123456789";
const SITE = MAIL_SITE;

let browser: Browser;
let site: MailingSite;
let server: RunningServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    startMailingSite({
      ADMIN_TOKEN: TOKEN,
      MAIL_FROM: "Proofline Recap <recap@proofline.test>",
      SCHEDULE_POLL_SECONDS: "0.2",
    }),
  ]);
  server = site.server;
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const mailsTo = (address: string) => site.sink.mailsTo(address);
const nextMailTo = (address: string, count: number) => site.sink.nextMailTo(address, count, 10_000);
/** A link of the site from a mail, on the server under test. */
const siteLink = (m: ParsedMail, kind: "confirm" | "unsubscribe") =>
  m.text!.match(new RegExp(`${SITE}/newsletter/${kind}/\\S+`))![0].replace(SITE, server.url);
const publish = async (headline: string) => {
  const res = await fetch(`${server.url}/api/admin/recaps`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ date: testToday(), headline, content: `The week: ${headline}.` }),
  });
  expect(res.status).toBe(201);
};

describe("the weekly recap by email, in a browser", () => {
  it("subscribe on the home page, confirm with the page's button, receive the next recap, unsubscribe with the page's button, and receive nothing more", async () => {
    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url, PHONE);
    await page.goto("/");
    const form = page.getByRole("region", { name: "The Weekly Recap by email" }).first();
    await form.getByLabel("Email address").fill("buyer@example.com");
    await Promise.all([page.waitForURL(/\/newsletter$/), form.getByRole("button", { name: "Subscribe" }).click()]);
    await page.getByRole("status").getByText("Check your inbox").waitFor();
    await expectNoAxeViolations(page);

    const confirmation = await nextMailTo("buyer@example.com", 1);
    const opened = await page.goto(siteLink(confirmation, "confirm"));
    expect(opened!.status()).toBe(200);
    await page.getByRole("heading", { name: "Confirm your subscription" }).waitFor();
    await expectNoAxeViolations(page);
    // The page's own button, pressed in Chromium: opening the link confirmed nothing.
    const [confirmed] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/newsletter/confirm/")),
      page.getByRole("button", { name: "Confirm my subscription" }).click(),
    ]);
    expect(confirmed.status()).toBe(200);
    await page.getByRole("heading", { name: "You're subscribed" }).waitFor();
    await expectNoAxeViolations(page);

    await publish("Holiday resets arrive early");
    const recap = await nextMailTo("buyer@example.com", 2);
    expect(recap.subject).toBe("Holiday resets arrive early");
    expect(recap.html).toContain("Read on the site");

    // The visible link in the mail: a page with one button, no question.
    const offer = await page.goto(siteLink(recap, "unsubscribe"));
    expect(offer!.status()).toBe(200);
    await page.getByRole("heading", { name: "Unsubscribe from the Weekly Recap?" }).waitFor();
    await expectNoAxeViolations(page);
    const [left] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/newsletter/unsubscribe/")),
      page.getByRole("button", { name: "Unsubscribe" }).click(),
    ]);
    expect(left.status()).toBe(200);
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await expectNoAxeViolations(page);

    await publish("A week the reader will not get");
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("buyer@example.com").map((m) => m.subject)).toEqual([
      "Confirm your subscription to the Proofline Weekly Recap",
      "Holiday resets arrive early",
    ]);

    // Unsubscribed by mistake: the page's own button, pressed in Chromium (it posted Origin: null and got 400 on 3f297b8).
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/newsletter/resubscribe/")),
      page.getByRole("button", { name: "Subscribe again" }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await page.getByText("Welcome back").first().waitFor();
    await publish("The reader is back for this one");
    expect((await nextMailTo("buyer@example.com", 3)).subject).toBe("The reader is back for this one");
    expectNoUnexpectedErrors();
  });

  it("subscribes from the footer of a recap page with JavaScript off, and shows a refusal by the field", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto("/recap");
      const footer = page.getByRole("contentinfo");
      await footer.getByLabel("Email address").fill("analyst@example.com");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await page.getByText("Check your inbox").waitFor();
      expect((await nextMailTo("analyst@example.com", 1)).subject).toContain("Confirm your subscription");

      // The address goes back into the field with the reason beside it.
      await page.goto("/recap");
      const inArticle = page.getByRole("main").getByRole("region", { name: "The Weekly Recap by email" });
      await inArticle.getByLabel("Email address").fill("analyst@");
      // The browser's own check would stop a typo like this; the server's answer is what is tested.
      await inArticle.locator("form").evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await inArticle.getByRole("button", { name: "Subscribe" }).click();
      await page.getByRole("alert").getByText("Enter a valid email address, like name@company.com.").waitFor();
      expect(await page.getByRole("main").getByLabel("Email address").inputValue()).toBe("analyst@");
    } finally {
      await context.close();
    }
  });

  it("offers the form on a recap's own page, accessible on a phone and a desktop", async () => {
    const ids = (await (await fetch(`${server.url}/api/recaps`)).json()) as { recaps: Array<{ id: number }> };
    for (const viewport of [PHONE, undefined]) {
      const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url, viewport);
      await page.goto(`/recap/${ids.recaps[0]!.id}`);
      await hydrated(page);
      await page
        .getByRole("main")
        .getByRole("region", { name: "The Weekly Recap by email" })
        .getByLabel("Email address")
        .waitFor();
      await expectNoAxeViolations(page);
      await page.goto("/newsletter");
      await expectNoAxeViolations(page);
      expectNoUnexpectedErrors();
    }
  });

  it("lets an editor send a test and send an older recap by hand from the desk", async () => {
    const owner = { name: "Nora Newsletter", email: "nora@proofline.test", password: "nora-password-1234" };
    await setUpDeskOwner(server.url, TOKEN, owner);
    const res = await fetch(`${server.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ date: "2025-06-06", headline: "An archive recap", content: "Old news." }),
    });
    const { recap } = (await res.json()) as { recap: { id: number } };

    const { page, expectNoUnexpectedErrors } = await openPage(browser, server.url);
    await page.goto("/admin/sign-in");
    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await Promise.all([page.waitForURL(/\/admin$/), page.getByRole("button", { name: "Sign in" }).click()]);

    await page.goto(`/admin/recaps/${recap.id}`);
    await hydrated(page);
    const panel = page.getByRole("region", { name: "Email to subscribers" });
    await panel.getByText("Not sent by email.").waitFor();
    await panel.getByLabel("Send a test to").fill("nora@example.com");
    await Promise.all([page.waitForURL(/newsletter=test/), panel.getByRole("button", { name: "Send test" }).click()]);
    await page.getByRole("status").getByText("Test sent.").waitFor();
    expect((await nextMailTo("nora@example.com", 1)).subject).toBe("[Test] An archive recap");
    await expectNoAxeViolations(page);

    await Promise.all([
      page.waitForURL(/newsletter=queued/),
      panel.getByRole("button", { name: "Send to subscribers" }).click(),
    ]);
    await page.getByRole("status").getByText("Queued for every confirmed subscriber.").waitFor();
    await panel.getByText(/Queued .* UTC \(desk:nora@proofline\.test\)/).waitFor();
    expectNoUnexpectedErrors();
  });
});
