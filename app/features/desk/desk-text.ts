import type { MetaDescriptor } from "react-router";

/** A desk page's title; the desk is for staff, so search engines are told to keep out. */
export const deskMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | Desk` },
  { name: "robots", content: "noindex, nofollow" },
];

/** A refused form's page says when to try again: its Retry-After, from the action. */
export const retryAfterHeaders = ({ actionHeaders }: { actionHeaders: Headers }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

/** What the desk says after an action, by the `done` the action put in the address. */
export const DONE_TEXT: Record<string, string> = {
  saved: "Draft saved.",
  scheduled: "Scheduled. It goes live at the time shown.",
  published: "Published. It is live on the site.",
  updated: "Changes saved. They are live on the site.",
  deleted: "Deleted.",
};
