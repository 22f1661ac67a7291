/**
 * A multipart/form-data body read part by part as it arrives (RFC 7578), for forms that send a
 * file without JavaScript. A part's bytes are handed on as they come and never held whole: only
 * a delimiter's length of them waits to be told apart from the next delimiter. Node has no
 * streaming reader of its own (Request.formData() buffers the whole body), and the one package
 * that does it here is an old copy another package brought in.
 */

/** One part of a form, read in order: its bytes must be read (or left) before the next part is asked for. */
export interface FormPart {
  /** The field's name. */
  name: string;
  /** The file's name as the browser sent it; undefined for a plain field. */
  filename: string | undefined;
  /** The part's bytes as they arrive; whatever is left unread is skipped when the next part is asked for. */
  body: AsyncGenerator<Buffer, void, undefined>;
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

// A browser's part headers are a line or two; anything longer is not a form a page sent.
const MAX_HEADERS = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const DASHES = Buffer.from("--");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** The parts of a multipart body, in order. Throws FormPartsError for a body that is not one. */
export async function* formParts(source: AsyncIterable<Buffer>, boundary: string): AsyncGenerator<FormPart> {
  const reader = new ByteReader(source);
  // Every delimiter but the first follows a CRLF; one put in front makes the first look the same.
  reader.unshift(CRLF);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  await reader.skipThrough(delimiter, "The form has no part");
  for (;;) {
    const after = await reader.peek(2);
    if (after.equals(DASHES)) return; // the close delimiter: what follows (the epilogue) is nobody's
    if (!after.equals(CRLF)) throw new FormPartsError("The form's parts are not delimited as its boundary says");
    // The CRLF that ends the delimiter is the start of "\r\n\r\n" when a part has no headers.
    const head = (await reader.through(HEADERS_END, MAX_HEADERS)).subarray(2).toString("utf8");
    const disposition = head.split("\r\n").find((line) => /^content-disposition\s*:/i.test(line)) ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new FormPartsError("A part of the form has no name");
    // Not at the delimiter until the part's bytes have been read through, whether or not anyone asks for them.
    reader.atDelimiter = false;
    const body = reader.upTo(delimiter);
    yield { name, filename: /;\s*filename="([^"]*)"/i.exec(disposition)?.[1], body };
    // The reader has not taken all of this part: skip the rest of it.
    if (!reader.atDelimiter) await reader.skipThrough(delimiter, "The form ends inside a part");
  }
}

/** A plain field's text, at most `max` bytes (more is a FormPartsError). */
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

/** Bytes from an async source, with look-ahead: only what is not yet handed on is kept. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private ended = false;
  /** Whether the last `upTo` ran to its delimiter (and took it). */
  atDelimiter = true;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  unshift(bytes: Buffer): void {
    this.buffer = Buffer.concat([bytes, this.buffer]);
  }

  /** One more chunk into the buffer; false at the end of the source. */
  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  /** The next `n` bytes, not taken. */
  async peek(n: number): Promise<Buffer> {
    while (this.buffer.length < n)
      if (!(await this.more())) throw new FormPartsError("The form ends before its last boundary");
    return this.buffer.subarray(0, n);
  }

  /** The bytes up to and with `end`, taken; `end` must come within `max` bytes. */
  async through(end: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(end);
      if (at >= 0 && at + end.length <= max) {
        const taken = this.buffer.subarray(0, at + end.length);
        this.buffer = this.buffer.subarray(at + end.length);
        return taken;
      }
      if (at >= 0 || this.buffer.length > max) throw new FormPartsError("A part's headers are longer than they may be");
      if (!(await this.more())) throw new FormPartsError("The form ends inside a part's headers");
    }
  }

  /**
   * The bytes before the next `delimiter`, as they come; the delimiter is taken too. All but the
   * last delimiter-length of what is buffered can be handed on: no delimiter can start earlier.
   */
  async *upTo(delimiter: Buffer): AsyncGenerator<Buffer, void, undefined> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        const last = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        this.atDelimiter = true;
        if (last.length) yield last;
        return;
      }
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const out = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield out;
      }
      if (!(await this.more())) throw new FormPartsError("The form ends inside a part");
    }
  }

  async skipThrough(delimiter: Buffer, whenMissing: string): Promise<void> {
    try {
      for await (const _ of this.upTo(delimiter)) {
        // dropped
      }
    } catch (error) {
      throw error instanceof FormPartsError ? new FormPartsError(whenMissing) : error;
    }
  }
}
