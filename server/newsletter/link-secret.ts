import { createHash, randomBytes } from "node:crypto";

/** A one-time secret for a link in a mail: 192 random bits. */
export const newSecret = () => randomBytes(24).toString("base64url");

/** What the database keeps of a secret: its sha256, so a copy of the database opens no link. */
export const digestOf = (token: string) => createHash("sha256").update(token).digest("hex");
