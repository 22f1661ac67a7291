import { Readable } from "node:stream";
import busboy from "busboy";

/**
 * A multipart/form-data body read part by part as it arrives (RFC 7578), for forms that send a
 * file without JavaScript: busboy does the parsing; this turns its events into parts read in
 * order, so a file's bytes can be streamed into an import and never held whole.
 */

/** One part of a form, read in order: its bytes must be read (or left) before the next part is asked for. */
export interface FormPart {
  /** The field's name. */
  name: string;
  /** The file's name as the browser sent it; undefined for a plain field. */
  filename: string | undefined;
  /** The part's bytes as they arrive; whatever is left unread is skipped when the next part is asked for. */
  body: AsyncIterable<Buffer>;
}

/** The body is not the multipart form its Content-Type says (a 400). */
export class FormPartsError extends Error {
  override name = "FormPartsError";
}

/** The boundary a multipart Content-Type names (RFC 2046: 1 to 70 characters), or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType ?? "")) return undefined;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?:\s*;|\s*$)/i.exec(contentType!);
  return m?.[1] ?? m?.[2];
}

// A page's fields are a token and a button; a longer one is not this site's form.
const FIELD_BYTES = 16 * 1024;
const PARTS = 20;

type Queued = (FormPart & { file?: Readable }) | Error | "end";

/** The parts of a multipart body, in order. Throws FormPartsError for a body that is not one. */
export async function* formParts(source: AsyncIterable<Buffer>, boundary: string): AsyncGenerator<FormPart> {
  const queue: Queued[] = [];
  let wake: (() => void) | undefined;
  const push = (item: Queued) => {
    queue.push(item);
    wake?.();
  };
  const parser = busboy({
    headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
    limits: { fieldSize: FIELD_BYTES, parts: PARTS },
    // Browsers send a file's name in UTF-8 ("Ventes été.csv"), not latin1 (busboy's default).
    defParamCharset: "utf8",
  });
  let count = 0;
  const named = (name: string | undefined) => {
    count++;
    return name || undefined;
  };
  parser.on("field", (name, value, info) => {
    const own = named(name);
    if (own === undefined) return push(new FormPartsError("A part of the form has no name"));
    const bytes = Buffer.from(value, "utf8");
    // A field cut at the limit reads as one byte too long, so fieldText refuses it.
    const body = info.valueTruncated ? Buffer.concat([bytes, Buffer.from(" ")]) : bytes;
    push({ name: own, filename: undefined, body: Readable.from([body]) });
  });
  parser.on("file", (name, file, info) => {
    const own = named(name);
    if (own === undefined) {
      file.resume();
      return push(new FormPartsError("A part of the form has no name"));
    }
    push({ name: own, filename: info.filename ?? "", body: fileBytes(file), file });
  });
  parser.on("partsLimit", () => push(new FormPartsError("The form has more parts than a page sends")));
  parser.on("error", (error: Error) =>
    push(new FormPartsError(count ? `The form could not be read: ${error.message}` : "The form has no part")),
  );
  parser.on("close", () => push(count ? "end" : new FormPartsError("The form has no part")));
  // The body's own failure (too large, cut off by the client) is passed on as it is.
  const body = Readable.from(source);
  body.on("error", (error) => push(error));
  body.pipe(parser);

  let previous: Readable | undefined;
  try {
    for (;;) {
      // A file part nobody read to its end is drained, or the parser would wait for it forever.
      previous?.resume();
      while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === "end") return;
      if (next instanceof Error) throw next;
      previous = next.file;
      yield { name: next.name, filename: next.filename, body: next.body };
    }
  } finally {
    body.unpipe(parser);
    body.destroy();
    previous?.resume();
  }
}

/** A file part's bytes; the parser's complaint about the form (cut short, say) is a FormPartsError. */
async function* fileBytes(file: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (error) {
    throw error instanceof FormPartsError
      ? error
      : new FormPartsError(`The form could not be read: ${(error as Error).message}`);
  }
}

/** A plain field's text, refused when longer than `max` bytes. */
export async function fieldText(part: FormPart, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.body) {
    size += chunk.length;
    if (size > max) throw new FormPartsError(`The form's ${part.name} field is longer than it may be`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
