import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt from Node's own crypto (OpenSSL): a memory-hard hash with no native
// add-on to build. The parameters travel with the hash, so they can be raised
// later and old hashes still verify.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
/** 128 × N × r bytes are needed; OpenSSL's default cap (32 MB) is exactly too small for N = 2^15. */
const maxmem = (N: number, r: number) => 256 * N * r;

export { MAX_PASSWORD, MIN_PASSWORD } from "#common/desk/password-rules.ts";

/**
 * How many hashes run at once in this process, and how many may wait. scrypt
 * runs on libuv's thread pool (4 threads), which every /media read and file
 * write shares, and keeps a core busy for its 50-100 ms: one hash at a time
 * leaves the other threads to media and a core to the event loop, so a crowd
 * signing in (or guessing) cannot make an audio range wait seconds. Past the queue the answer
 * is "busy" (503) at once rather than a wait nobody sees the end of.
 */
export const HASHING = { concurrent: 1, queued: 8 };

/** Too many password hashes are running or waiting: the request is turned away, not queued. */
export class PasswordHashingBusy extends Error {
  override name = "PasswordHashingBusy";
}

let running = 0;
const waiting: Array<() => void> = [];

/** Whether a password check would be turned away now: the forms that need one answer 503 before any other work. */
export const passwordHashingFull = () => running >= HASHING.concurrent && waiting.length >= HASHING.queued;

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING.concurrent) {
    if (waiting.length >= HASHING.queued) throw new PasswordHashingBusy("too many password checks at once");
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions & { N: number; r: number; p: number },
): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(
          password.normalize("NFKC"),
          salt,
          KEY_BYTES,
          { ...options, maxmem: maxmem(options.N, options.r) },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether `password` matches `stored`; with no stored hash (an unknown address), false after the same work, so the answer's time tells nothing. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await verifyPassword(password, await decoyHash());
    return false;
  }
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the address is unknown, so a wrong address takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString("hex")));
