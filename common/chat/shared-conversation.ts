// A conversation the asker published as a read-only page (/chat/shared/:id):
// what the browser sends, what the page shows, and how long it lives.

export interface SharedMessage {
  role: "user" | "assistant";
  text: string;
  /** When it was said, as an ISO date-time. */
  at: string;
}

/** A shared conversation is kept this many days, then its address answers "expired". */
export const SHARE_DAYS = 90;
/** The most questions and answers one share holds, and the longest one of them. */
export const SHARE_MAX_MESSAGES = 100;
export const SHARE_MAX_TEXT = 20_000;

export const SHARE_PATH_PREFIX = "/chat/shared/";
export const sharePath = (id: string) => `${SHARE_PATH_PREFIX}${id}`;

/** Ids are 128 random bits in base64url: 22 characters. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

export const SHARE_TEXTS = {
  expired: "This shared conversation has expired.",
  removed: "This shared conversation was removed by the person who shared it.",
  notFound: "There is no shared conversation at this address.",
};
