import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink.ts";
import type { Recap } from "../data/recaps.server.ts";
import { smtpMailer } from "./mailer.ts";
import { absoluteAddresses, plainText, recapEmail } from "./recap-email.ts";

const SITE = { brand: "Proofline", siteUrl: "https://hub.proofline.test" };
const RECAP: Recap = {
  id: 42,
  date: "2026-11-27",
  headline: "Holiday resets <land> early",
  content:
    "## Depletions\n\nShipments were **up 4%**; see [the podcast](/podcast?episode=3) and [TTB](https://www.ttb.gov/).\n\n![Shelf](/media/weekly-summary-pics/shelf.jpg)\n\n<script>alert(1)</script>",
  snippets: "Sample content: a pull-quote.",
  tags: ["Holiday"],
  sample: false,
  blog_image: "cover.jpg",
  blog_image_url: "/media/weekly-summary-pics/cover.jpg",
};
const UNSUBSCRIBE = "https://hub.proofline.test/newsletter/unsubscribe/abc123";

describe("a recap as an email", () => {
  it("renders HTML with the site's markdown renderer, every address absolute, raw HTML escaped", () => {
    const { subject, html } = recapEmail(RECAP, SITE, UNSUBSCRIBE);
    expect(subject).toBe("Holiday resets <land> early");
    expect(html).toContain("<title>Holiday resets &#60;land&#62; early</title>");
    expect(html).toContain("<h2>Depletions</h2>");
    expect(html).toContain("<strong>up 4%</strong>");
    expect(html).toContain('href="https://hub.proofline.test/podcast?episode=3"');
    expect(html).toContain('src="https://hub.proofline.test/media/weekly-summary-pics/shelf.jpg"');
    expect(html).toContain('src="https://hub.proofline.test/media/weekly-summary-pics/cover.jpg"');
    expect(html).toContain('<a href="https://hub.proofline.test/recap/42"');
    expect(html).toContain("Read on the site");
    expect(html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(html).not.toContain("<script>");
    expect(html).not.toMatch(/(href|src)="\/(?!\/)/);
    // Dark-mode safe: the colour scheme is declared and every text block names its own colours.
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
  });

  it("has a plain-text part from the same markdown, links kept beside their words", () => {
    const { text } = recapEmail(RECAP, SITE, UNSUBSCRIBE);
    expect(text).toContain("the podcast (https://hub.proofline.test/podcast?episode=3)");
    expect(text).toContain("TTB (https://www.ttb.gov/)");
    expect(text).toContain("[Shelf]");
    expect(text).toContain("Read on the site: https://hub.proofline.test/recap/42");
    expect(text).toContain(`Unsubscribe (one button on the page it opens): ${UNSUBSCRIBE}`);
    expect(plainText("[x](//cdn.example/a)", SITE.siteUrl)).toBe("x (//cdn.example/a)");
    expect(absoluteAddresses('<a href="//cdn.example/a">', SITE.siteUrl)).toBe('<a href="//cdn.example/a">');
  });
});

describe("sending through SMTP (a real SMTP server on 127.0.0.1)", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.stop();
  });

  it("delivers both parts with RFC 8058 one-click unsubscribe headers and the given Message-ID", async () => {
    const send = smtpMailer({ SMTP_URL: sink.url, MAIL_FROM: "Proofline <recap@proofline.test>" })!;
    const email = recapEmail(RECAP, SITE, UNSUBSCRIBE);
    await send({
      to: "reader@example.test",
      ...email,
      unsubscribeUrl: UNSUBSCRIBE,
      messageId: "<recap-42.reader-1@proofline.test>",
    });
    await sink.waitFor(1);
    const [mail] = sink.messages;
    expect(mail!.subject).toBe("Holiday resets <land> early");
    expect(mail!.from?.value).toEqual([{ name: "Proofline", address: "recap@proofline.test" }]);
    expect(mail!.messageId).toBe("<recap-42.reader-1@proofline.test>");
    // mailparser folds List-* headers into one object: read the lines as they came.
    const line = (key: string) => mail!.headerLines.find((l) => l.key === key)?.line.replace(/\s+/g, " ");
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("list-unsubscribe")).toBe(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
    expect(mail!.html).toContain("<h2>Depletions</h2>");
    expect(mail!.text).toContain("Read on the site: https://hub.proofline.test/recap/42");
  });

  it("is off without SMTP_URL and MAIL_FROM", () => {
    expect(smtpMailer({ SMTP_URL: undefined, MAIL_FROM: "x <a@b.c>" })).toBeUndefined();
    expect(smtpMailer({ SMTP_URL: sink.url, MAIL_FROM: undefined })).toBeUndefined();
  });
});
