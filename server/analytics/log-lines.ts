import type { Readable } from "node:stream";

/** What `linesOf` gives for a line longer than its limit: the line itself is never held. */
export const TOO_LONG = Symbol("line too long");

/**
 * The lines of a stream (without their "\n" or "\r\n"), each at most `maxBytes`
 * long; a longer one comes out as TOO_LONG, its bytes skipped as they arrive.
 * readline would gather a line whole, however long: one past V8's longest
 * string (about 512 MB) threw outside any handler and took the server down.
 */
export async function* linesOf(input: Readable, maxBytes: number): AsyncGenerator<string | typeof TOO_LONG> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping = false;
  const line = (last: Buffer) => {
    const whole = held.length ? Buffer.concat([...held, last]) : last;
    held = [];
    heldBytes = 0;
    const end = whole.at(-1) === 0x0d ? whole.length - 1 : whole.length;
    return whole.toString("utf8", 0, end);
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let from = 0;
    for (let nl = bytes.indexOf(0x0a, from); ; nl = bytes.indexOf(0x0a, from)) {
      const piece = bytes.subarray(from, nl < 0 ? bytes.length : nl);
      if (!skipping && heldBytes + piece.length > maxBytes) {
        skipping = true;
        held = [];
        heldBytes = 0;
      }
      if (nl < 0) {
        if (!skipping && piece.length) {
          held.push(Buffer.from(piece));
          heldBytes += piece.length;
        }
        break;
      }
      if (skipping) {
        skipping = false;
        yield TOO_LONG;
      } else yield line(piece);
      from = nl + 1;
    }
  }
  if (skipping) yield TOO_LONG;
  else if (heldBytes) yield line(Buffer.alloc(0));
}
