import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = "identity" | "gzip" | "br";

/**
 * A rendered response, whole. A page that is kept carries its body in every
 * encoding browsers ask for, compressed once; one that is not kept (a 404, an
 * error) is compressed only in the encoding its request takes.
 */
export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  /** Unquoted; each encoding's tag adds its name, since the bytes differ. */
  etag: string;
  bodies: { identity: Buffer } & Partial<Record<Exclude<Encoding, "identity">, Buffer>>;
}

export function renderedPage(
  status: number,
  headers: Array<[string, string]>,
  body: Buffer,
  version: number,
): RenderedPage {
  // The version is part of the tag, so a revalidation after any change never gets a false 304.
  const etag = `v${version}-${createHash("sha256").update(body).digest("base64url").slice(0, 22)}`;
  return { status, headers, etag, bodies: { identity: body } };
}

/** The page's body in `encoding`, compressed now unless it already was. */
export async function bodyIn(page: RenderedPage, encoding: Encoding): Promise<Buffer> {
  if (encoding === "identity") return page.bodies.identity;
  return (page.bodies[encoding] ??= await compress(page.bodies.identity, encoding));
}

/** Compresses a page that is to be kept in both encodings, so every later request is a copy of bytes. */
export async function compressAll(page: RenderedPage): Promise<RenderedPage> {
  await Promise.all([bodyIn(page, "gzip"), bodyIn(page, "br")]);
  return page;
}

function compress(body: Buffer, encoding: "gzip" | "br"): Promise<Buffer> {
  if (encoding === "gzip") return gzip(body, { level: 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the page: the default (4 MB) makes every compression
      // allocate megabytes, and pages are compressed each time the content changes.
      [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
        Math.max(Math.ceil(Math.log2(body.length + 1)), zlib.constants.BROTLI_MIN_WINDOW_BITS),
        zlib.constants.BROTLI_DEFAULT_WINDOW,
      ),
    },
  });
}

const sizeOf = (page: RenderedPage) =>
  page.bodies.identity.length + (page.bodies.gzip?.length ?? 0) + (page.bodies.br?.length ?? 0) + 1024;

let quarter = { until: 0, label: "" };
/**
 * The calendar quarter (UTC), worked out again only when it ends. It is part of
 * every key: the Explorer counts "this quarter's" coverage, so its pages must
 * be rendered afresh when a quarter turns, not at the next content change.
 */
function currentQuarter(now = Date.now()): string {
  if (now >= quarter.until) {
    const at = new Date(now);
    const q = Math.floor(at.getUTCMonth() / 3);
    quarter = { until: Date.UTC(at.getUTCFullYear(), q * 3 + 3, 1), label: `${at.getUTCFullYear()}Q${q + 1}` };
  }
  return quarter.label;
}

/**
 * Rendered pages by content version and URL. Bounded in bytes (least recently
 * used go first), and emptied when a newer content version is seen, since no
 * older entry can be served again.
 */
export class PageCache {
  private readonly entries: LRUCache<string, RenderedPage>;
  private newest = -1;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, RenderedPage>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  static key(version: number, url: string): string {
    return `${version} ${currentQuarter()} ${url}`;
  }

  get(version: number, url: string): RenderedPage | undefined {
    this.observe(version);
    return this.entries.get(PageCache.key(version, url));
  }

  set(version: number, url: string, page: RenderedPage): void {
    // A render that finished after a newer version was seen is already out of date.
    if (version < this.newest) return;
    this.observe(version);
    this.entries.set(PageCache.key(version, url), page);
  }

  /** The copy of `url` at the newest version seen, whatever the current version is (for when it cannot be read). */
  latest(url: string): RenderedPage | undefined {
    return this.newest < 0 ? undefined : this.entries.get(PageCache.key(this.newest, url));
  }

  private observe(version: number) {
    if (version <= this.newest) return;
    this.newest = version;
    this.entries.clear();
  }
}
