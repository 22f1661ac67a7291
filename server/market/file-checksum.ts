import { createHash } from "node:crypto";
import { Transform } from "node:stream";

/**
 * A pass-through that sums the bytes of an imported file as they go by (SHA-256), so the same file
 * imported again is known by its checksum without being read twice. `digest()` once the pipeline ends.
 */
export function checksumStream(): { stream: Transform; digest: () => string } {
  const hash = createHash("sha256");
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}
