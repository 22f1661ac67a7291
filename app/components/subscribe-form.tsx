import type { SubscribeSource } from "#common/newsletter/subscribe-sources.ts";
import { useSite } from "../hooks/use-site";
import { AddressFields } from "./address-fields";

interface SubscribeFormProps {
  /** Where the form is (stored with the consent); the CLI is the one source without a form. */
  source: Exclude<SubscribeSource, "cli">;
  /** The address just refused, given back to be corrected, and why. */
  email?: string | undefined;
  error?: string | undefined;
}

/**
 * The weekly recap by email: a plain HTML form posting to /newsletter, so it
 * works without JavaScript on every page (the pages that ship none included).
 * When mail is not set up it says so instead of taking an address it could
 * never confirm. Its looks are in app.css (`.subscribe`): it is on every page.
 * On a page it is a region of its own; in the footer (a landmark already) a
 * plain block, so a page with both has one region of that name.
 */
export function SubscribeForm({ source, email, error }: SubscribeFormProps) {
  const site = useSite();
  const footer = source === "footer";
  const id = `subscribe-${source}`;
  const Box = footer ? "div" : "section";
  return (
    <Box
      className="subscribe"
      data-tone={footer ? "dark" : undefined}
      aria-labelledby={footer ? undefined : `${id}-title`}
    >
      <h2 id={`${id}-title`}>The Weekly Recap by email</h2>
      {site.newsletterOpen ? (
        <form method="post" action="/newsletter" className="space-y-2">
          <p>The week in U.S. beverage alcohol, in your inbox. Free; unsubscribe in one click.</p>
          <input type="hidden" name="source" value={source} />
          <AddressFields id={id} label="Email address" button="Subscribe" email={email} error={error} />
        </form>
      ) : (
        <p>
          Email subscriptions are not open yet. Follow the recap with the <a href="/feeds/recaps.xml">RSS feed</a>.
        </p>
      )}
    </Box>
  );
}
