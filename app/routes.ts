import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // The spec's route table (section 2).
  index("routes/home.tsx"),
  route("chat", "routes/chat.tsx"),
  // A conversation its asker shared as a read-only page (issue 25).
  route("chat/shared/:id", "routes/chat-shared.tsx"),
  // Its removal link, for the asker in any browser (issue 37).
  route("chat/shared/:id/remove", "routes/chat-shared-remove.tsx"),
  route("recap", "routes/recap.tsx"),
  route("recap/:id", "routes/recap-detail.tsx"),
  route("explorer", "routes/explorer.tsx"),
  route("podcast", "routes/podcast.tsx"),
  // One search over recaps, episodes and companies (issue 26).
  route("search", "routes/search.tsx"),
  // Every tag is a topic with its page and feed (issue 26).
  route("topics", "routes/topics.tsx"),
  route("topics/:slug", "routes/topic.tsx"),
  // The hub's own figures from public data (issue 39): every family, then one family.
  route("data", "routes/data.tsx"),
  // TTB's label approvals joined to the Top Players (issue 41); a static segment, ranked before a family.
  route("data/labels", "routes/data-labels.tsx"),
  // Spirits imports by country from the Census (issue 41).
  route("data/imports", "routes/data-imports.tsx"),
  route("data/:family", "routes/data-family.tsx"),
  // The weekly recap by email (issue 17): subscribe, confirm, unsubscribe.
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm/:token", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe/:key", "routes/newsletter-unsubscribe.tsx"),
  route("newsletter/resubscribe/:key", "routes/newsletter-resubscribe.tsx"),
  // Follow a company, a brand or a topic (issue 42): the form's answer, the signed page of an
  // address's follows, and the digest's unsubscribe.
  route("follow", "routes/follow.tsx"),
  route("follows/unsubscribe/:token", "routes/follows-unsubscribe.tsx"),
  route("follows/:token", "routes/follows-manage.tsx"),
  // The editor's desk (issue 16): sign-in pages, then everything behind a session.
  ...prefix("admin", [
    route("sign-in", "routes/admin/sign-in.tsx"),
    route("setup", "routes/admin/setup.tsx"),
    route("password/:token", "routes/admin/password.tsx"),
    route("sign-out", "routes/admin/sign-out.tsx"),
    route("audience.csv", "routes/admin/audience-csv.ts"),
    layout("routes/admin/layout.tsx", { id: "admin-layout" }, [
      index("routes/admin/home.tsx"),
      route("recaps", "routes/admin/recaps.tsx"),
      route("recaps/new", "routes/admin/recap-edit.tsx", { id: "admin-recap-new" }),
      route("recaps/drafts/:draftId", "routes/admin/recap-edit.tsx", { id: "admin-recap-draft" }),
      route("recaps/:id", "routes/admin/recap-edit.tsx", { id: "admin-recap-published" }),
      route("recaps/:id/newsletter", "routes/admin/recap-newsletter.tsx"),
      route("episodes", "routes/admin/episodes.tsx"),
      route("episodes/new", "routes/admin/episode-edit.tsx", { id: "admin-episode-new" }),
      route("episodes/drafts/:draftId", "routes/admin/episode-edit.tsx", { id: "admin-episode-draft" }),
      route("episodes/:id", "routes/admin/episode-edit.tsx", { id: "admin-episode-published" }),
      route("comments", "routes/admin/comments.tsx"),
      route("feedback", "routes/admin/feedback.tsx"),
      route("audience", "routes/admin/audience.tsx"),
      route("data", "routes/admin/data.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("account", "routes/admin/account.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
