import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "./config.ts";

describe("loadConfig", () => {
  it("applies design.md's defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe("127.0.0.1");
    expect(c.SITE_BRAND).toBe("Proofline");
    expect(c.ASSISTANT_NAME).toBe("Eddy");
    expect(c.SEED_DEMO).toBe(true);
    expect(c.SITE_URL).toBe("http://localhost:3000");
    expect(c.DATA_DIR).toMatch(/\/data$/);
    expect(c.COMMENT_RATE_PER_MINUTE).toBe(2);
    expect(c.COMMENT_RATE_PER_DAY).toBe(20);
    expect(c.CHAT_RATE_PER_MINUTE).toBe(20);
    expect(c.DEEP_RESEARCH_PER_ADDRESS).toBe(2);
    expect(c.UNCACHED_RATE_PER_MINUTE).toBe(120);
    expect(c.TRUST_PROXY).toBe(0);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("reads the variables it is given", () => {
    const c = loadConfig({
      PORT: "8080",
      SITE_BRAND: "Cask",
      ASSISTANT_NAME: "Ada",
      SEED_DEMO: "false",
      SITE_URL: "https://hub.example/",
    });
    expect(c).toMatchObject({
      PORT: 8080,
      SITE_BRAND: "Cask",
      ASSISTANT_NAME: "Ada",
      SEED_DEMO: false,
      SITE_URL: "https://hub.example",
    });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT: /],
    [{ PORT: "70000" }, /^Invalid PORT: /],
    [{ SEED_DEMO: "maybe" }, /^Invalid SEED_DEMO: expected true or false/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL: expected a postgres:\/\/ URL$/],
    [{ SITE_URL: "ftp://x" }, /^Invalid SITE_URL: expected an http\(s\) URL$/],
    [{ COMMENT_RATE_PER_MINUTE: "0" }, /^Invalid COMMENT_RATE_PER_MINUTE: /],
    [{ ADMIN_TOKEN: "short" }, /^Invalid ADMIN_TOKEN: must be at least 16 characters$/],
    [{ LLM_BASE_URL: "https://llm.example/v1" }, /^Invalid LLM_API_KEY: .*set together$/],
  ])("rejects %o with a one-line message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain("\n");
    }
  });

  it("never echoes a secret's value", () => {
    expect(() => loadConfig({ ADMIN_TOKEN: "s3cret" })).toThrow(
      /^Invalid ADMIN_TOKEN: must be at least 16 characters$/,
    );
  });

  it("takes SMTP_URL and MAIL_FROM together or not at all", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example:587" })).toThrow(
      /^Invalid MAIL_FROM: SMTP_URL and MAIL_FROM must be set together$/,
    );
    expect(() => loadConfig({ MAIL_FROM: "P <r@p.example>" })).toThrow(
      /^Invalid SMTP_URL: SMTP_URL and MAIL_FROM must be set together$/,
    );
    expect(() => loadConfig({ SMTP_URL: "http://mail.example", MAIL_FROM: "P <r@p.example>" })).toThrow(
      /^Invalid SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL$/,
    );
    expect(() => loadConfig({ SMTP_RATE_PER_SECOND: "0" })).toThrow(
      /^Invalid SMTP_RATE_PER_SECOND: must be at least 0.01/,
    );
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).DATABASE_URL).toBeUndefined();
  });

  it("gives the browser only the public subset", () => {
    const pub = publicConfig(
      loadConfig({
        ADMIN_TOKEN: "0123456789abcdef",
        LLM_API_KEY: "k",
        LLM_BASE_URL: "https://l.example",
        LLM_MODEL: "m",
        SMTP_URL: "smtp://user:pw-secret@mail.example:587",
        MAIL_FROM: "P <r@p.example>",
      }),
    );
    expect(Object.keys(pub).sort()).toEqual([
      "assistantName",
      "brand",
      "companyUrl",
      "linkedinUrl",
      "newsletterOpen",
      "siteUrl",
    ]);
    expect(pub.newsletterOpen).toBe(true);
    expect(JSON.stringify(pub)).not.toContain("0123456789abcdef");
    expect(JSON.stringify(pub)).not.toContain("pw-secret");
  });
});
