import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundaryOf, fieldText, formParts, FormPartsError, type FormPart } from "./form-parts.ts";

// The form reader (busboy, turned into parts read in order) must find the same parts however
// the network cuts the body into chunks, including bodies whose bytes look like the start of a
// delimiter.

const BOUNDARY = "----WebKitFormBoundaryQ2zP7xRkA9mBc3Ld";

interface Sent {
  name: string;
  filename?: string;
  bytes: Buffer;
}

/** A body as Chromium writes it for a form. */
function formBody(parts: Sent[], boundary = BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? "" : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? "" : "\r\nContent-Type: application/octet-stream";
    pieces.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`), p.bytes, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** `body` cut at the given offsets. */
async function* chunked(body: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const at of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (at > from && at < body.length) {
      yield body.subarray(from, at);
      from = at;
    }
  }
  yield body.subarray(from);
}

async function readAll(source: AsyncIterable<Buffer>, boundary = BOUNDARY): Promise<Sent[]> {
  const out: Sent[] = [];
  for await (const part of formParts(source, boundary)) {
    const chunks: Buffer[] = [];
    for await (const c of part.body) chunks.push(c);
    out.push({
      name: part.name,
      ...(part.filename === undefined ? {} : { filename: part.filename }),
      bytes: Buffer.concat(chunks),
    });
  }
  return out;
}

// Contents made of the delimiter's own pieces, so near-misses and CRLFs fall across chunk edges.
const tricky = fc
  .array(fc.constantFrom("\r", "\n", "-", "--", "\r\n--", `\r\n--${BOUNDARY.slice(0, 20)}`, "a", "1,234", "\u00e9"), {
    maxLength: 40,
  })
  .map((bits) => Buffer.from(bits.join("")));
const sent = fc.record(
  {
    name: fc.constantFrom("csrf", "file", "note"),
    filename: fc.constantFrom("sales.csv", "liquor_sales.csv.gz", "Ventes été.csv", ""),
    bytes: fc.oneof(
      tricky,
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    ),
  },
  { requiredKeys: ["name", "bytes"] },
);

describe("formParts", () => {
  it("finds every part with its bytes, however the body is cut", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sent, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(3000)), async (parts, cuts) => {
        const body = formBody(parts);
        // A plain field is text: its bytes come back as UTF-8 (a file's come back as they were).
        const asText = (p: Sent) =>
          p.filename === undefined ? { ...p, bytes: Buffer.from(p.bytes.toString("utf8")) } : p;
        expect(await readAll(chunked(body, cuts))).toEqual(parts.map(asText));
      }),
      { numRuns: 400 },
    );
  });

  it("skips the parts nobody reads, and the rest of a part read only in part", async () => {
    const body = formBody([
      { name: "csrf", bytes: Buffer.from("token") },
      { name: "skipped", bytes: Buffer.alloc(5000, 7) },
      { name: "file", filename: "a.csv", bytes: Buffer.alloc(5000, 65) },
      { name: "after", bytes: Buffer.from("end") },
    ]);
    const seen: string[] = [];
    for await (const part of formParts(chunked(body, [100, 200, 3000, 6000, 9000]), BOUNDARY)) {
      seen.push(part.name);
      if (part.name === "csrf") expect(await fieldText(part, 100)).toBe("token");
      if (part.name === "file") await part.body[Symbol.asyncIterator]().next(); // one chunk, then left
      if (part.name === "after") expect(await fieldText(part, 100)).toBe("end");
    }
    expect(seen).toEqual(["csrf", "skipped", "file", "after"]);
  });

  it("refuses a body cut short, one with no boundary, and headers without end", async () => {
    const body = formBody([{ name: "file", filename: "a.csv", bytes: Buffer.alloc(2000, 65) }]);
    await expect(readAll(chunked(body.subarray(0, 1500), [700]))).rejects.toThrow(FormPartsError);
    await expect(readAll(chunked(Buffer.from("just some text"), []))).rejects.toThrow("The form has no part");
    const endless = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX: `), Buffer.alloc(20_000, 65)]);
    await expect(readAll(chunked(endless, [5000]))).rejects.toThrow(FormPartsError);
    const nameless = Buffer.from(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--`);
    // A part without a form-data name is no field of the form: a form of such parts has none.
    await expect(readAll(chunked(nameless, []))).rejects.toThrow("The form has no part");
  });

  it("refuses a field longer than its limit", async () => {
    const body = formBody([{ name: "csrf", bytes: Buffer.alloc(500, 65) }]);
    const parts = formParts(chunked(body, [50]), BOUNDARY);
    const { value } = (await parts.next()) as { value: FormPart };
    await expect(fieldText(value, 100)).rejects.toThrow("longer than it may be");
  });
});

describe("boundaryOf", () => {
  it("reads the boundary of a multipart Content-Type, quoted or not, and nothing else", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
    expect(boundaryOf("text/csv; boundary=x")).toBeUndefined();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeUndefined();
  });
});
