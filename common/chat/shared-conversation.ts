// A conversation the asker published as a read-only page (/chat/shared/:id):
// what the browser sends (the ids of the server's own answers), what the page
// shows, and how long it lives.

/** A shared conversation is kept this many days, then its address answers "expired". */
export const SHARE_DAYS = 90;
/** The most answers (each with its question) one share holds. */
export const SHARE_MAX_ANSWERS = 50;

export const SHARE_PATH_PREFIX = "/chat/shared/";
export const sharePath = (id: string) => `${SHARE_PATH_PREFIX}${id}`;
/**
 * The page that takes a share down from any browser. The key rides in the
 * fragment, which browsers never send: it reaches no server log and no Referer.
 */
export const removalLink = (origin: string, id: string, removeKey: string) =>
  `${origin}${sharePath(id)}/remove#key=${encodeURIComponent(removeKey)}`;

/** Ids are 128 random bits in base64url: 22 characters. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The longest first question a share's title and preview show, in characters. */
export const SHARE_TITLE_MAX = 120;

export const SHARE_TEXTS = {
  expired: "This shared conversation has expired.",
  removed: "This shared conversation was removed by the person who shared it.",
  withdrawn:
    "This conversation was shared before the hub checked that what it publishes is what its assistant said, so it is no longer shown.",
  notFound: "There is no shared conversation at this address.",
};
