/** Where an address was given: the form's place on the site, or the command line. */
export const SUBSCRIBE_SOURCES = ["home", "recap", "footer", "newsletter", "cli"] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];
