/** Addresses of the newsletter's pages, shared by the mails, the routes and the request log's redaction. */
export const confirmPath = (token: string) => `/newsletter/confirm/${token}`;
export const unsubscribePath = (key: string) => `/newsletter/unsubscribe/${key}`;

/** The secrets in those addresses, as the request log must never show them. */
export const NEWSLETTER_SECRET_PATH = /^(\/newsletter\/(?:confirm|unsubscribe|resubscribe)\/)[^/?#.]+/;
