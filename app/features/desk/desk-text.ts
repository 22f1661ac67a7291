import type { MetaDescriptor } from "react-router";

/** A desk page's title; the desk is for staff, so search engines are told to keep out. */
export const deskMeta = (title: string): MetaDescriptor[] => [{ title: `${title} | Desk` }, { name: "robots", content: "noindex, nofollow" }];

/** "15 minutes", "1 minute": a wait in whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** What the desk says after an action, by the `done` the action put in the address. */
export const DONE_TEXT: Record<string, string> = {
  saved: "Draft saved.",
  scheduled: "Scheduled. It goes live at the time shown.",
  published: "Published. It is live on the site.",
  updated: "Changes saved. They are live on the site.",
  deleted: "Deleted.",
};
