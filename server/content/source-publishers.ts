import { z } from "zod";
import publishersFile from "../../content/source-publishers.json" with { type: "json" };

// Who publishes each source of content/companies.json, and where (issue 37). A source
// names its publisher; its address must be on one of that publisher's domains, or be an
// archive that wraps such an address. A mirror, a machine-translated reprint or a content
// farm is on nobody's list, so a copy cannot pass for its original: the copy's host is
// not the publisher's. The list is data (content/source-publishers.json), reviewed like
// the claims; docs/companies.md says what may be added to it.

/** A host name as written in the list: lower case, no scheme, no path, no leading "www.". */
const domain = z
  .string()
  .regex(/^(?!www\.)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "expected a domain such as example.com (no scheme, no 'www.')");

/** Words that describe a copy rather than name a publisher ("Wikipedia (mirror)", "X via Y"). */
const COPY_WORDS = /\b(mirror|mirrored|copy|copied|repost|reposted|reprint|reprinting|reprinted|via|hosted)\b/i;

const publisherName = z
  .string()
  .trim()
  .min(1)
  .refine(
    (name) => !COPY_WORDS.test(name),
    "a publisher is named as itself, not as a copy or a channel ('mirror', 'via', …)",
  );

export const sourcePublishersSchema = z
  .object({
    /** Services that keep dated copies of other sites' pages, wrapping the original address. */
    archives: z.record(publisherName, z.array(domain).min(1)),
    publishers: z.record(publisherName, z.array(domain).min(1)),
  })
  .strict();
export type SourcePublishers = z.infer<typeof sourcePublishersSchema>;

/** The publishers content/companies.json may cite, checked when the module loads. */
export const SOURCE_PUBLISHERS: SourcePublishers = sourcePublishersSchema.parse(publishersFile);

const onDomain = (host: string, domains: readonly string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));

/** The host of an address as compared: lower case, without a trailing dot. */
const hostOf = (url: string) => new URL(url).hostname.toLowerCase().replace(/\.$/, "");

/** An archive's address wraps the original one: https://web.archive.org/web/20240101000000/https://example.com/page. */
const WRAPPED = /^\/web\/\d{4,14}(?:[a-z]{2}_)?\/(https?:\/\/.+)$/;

type Source = { publisher: string; url: string; archive?: string | undefined };

/**
 * Why a source's address is not its publisher's page, or undefined when it is: the
 * publisher is listed and the address is on one of its domains, or the source is
 * declared as an archive whose address wraps an address on one of them.
 */
export function sourceAddressProblem(source: Source, list: SourcePublishers = SOURCE_PUBLISHERS): string | undefined {
  const domains = list.publishers[source.publisher];
  if (!domains)
    return `its publisher "${source.publisher}" is not in content/source-publishers.json: name the publisher that published the page (and list its domains there)`;
  const shown = domains.join(", ");
  const host = hostOf(source.url);
  const archiveNamed = Object.entries(list.archives).find(([, hosts]) => onDomain(host, hosts))?.[0];
  if (source.archive === undefined) {
    if (archiveNamed) return `${source.url} is an archived copy: declare it with "archive": "${archiveNamed}"`;
    if (onDomain(host, domains)) return undefined;
    return `${source.url} is on ${host}, which is not a domain of its publisher ${source.publisher} (${shown}): cite the publisher's own page, or an archive of it declared with "archive"`;
  }
  const archiveDomains = list.archives[source.archive];
  if (!archiveDomains)
    return `"archive": "${source.archive}" is not an archive listed in content/source-publishers.json`;
  if (!onDomain(host, archiveDomains))
    return `${source.url} is declared as an archive of ${source.archive}, but is not on its domains (${archiveDomains.join(", ")})`;
  const inner = WRAPPED.exec(new URL(source.url).pathname + new URL(source.url).search)?.[1];
  if (!inner) return `${source.url} does not wrap an original address (expected /web/<date>/<the publisher's address>)`;
  let innerHost: string;
  try {
    innerHost = hostOf(inner);
  } catch {
    return `${source.url} wraps "${inner}", which is not a web address`;
  }
  if (!onDomain(innerHost, domains))
    return `${source.url} archives a page on ${innerHost}, which is not a domain of its publisher ${source.publisher} (${shown})`;
  return undefined;
}
