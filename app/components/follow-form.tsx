import { FOLLOW_PATH, FOLLOW_TEXTS, type FollowItem, type FollowSource } from "#common/follows/follow-item.ts";
import { useSite } from "../hooks/use-site";
import { AddressFields } from "./address-fields";

interface FollowFormProps {
  item: Pick<FollowItem, "kind" | "key" | "name" | "feedUrl">;
  /** Where the form stands (kept with the consent). */
  source: FollowSource;
  email?: string | undefined;
  error?: string | undefined;
  /** The heading, when the page names the item already (a profile): "Follow <name>" otherwise. */
  title?: string;
}

/**
 * Follow a company, a brand or a topic (issue 42): a plain HTML form posting to /follow,
 * so it works without JavaScript and on pages that ship none, with the item's RSS feed
 * beside it for readers who would rather not give an address. Looks from `.subscribe`.
 */
export function FollowForm({ item, source, email, error, title }: FollowFormProps) {
  const site = useSite();
  const id = `follow-${source}-${item.kind}-${item.key}`.replace(/[^\w-]/g, "-");
  return (
    <section className="subscribe" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title ?? `Follow ${item.name}`}</h2>
      {site.newsletterOpen ? (
        <form method="post" action={FOLLOW_PATH} className="space-y-2">
          <p>{FOLLOW_TEXTS.intro(item.name)}</p>
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="item" value={item.key} />
          <input type="hidden" name="source" value={source} />
          <AddressFields id={id} label={FOLLOW_TEXTS.label} button={FOLLOW_TEXTS.button} email={email} error={error} />
        </form>
      ) : (
        <p>{FOLLOW_TEXTS.closed}</p>
      )}
      <p>
        {FOLLOW_TEXTS.orFeed}: <a href={item.feedUrl}>{item.name} (RSS)</a>.
      </p>
    </section>
  );
}
