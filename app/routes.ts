import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The spec's route table (section 2), and nothing else.
export default [
  index("routes/home.tsx"),
  route("chat", "routes/chat.tsx"),
  route("recap", "routes/recap.tsx"),
  route("recap/:id", "routes/recap-detail.tsx"),
  route("explorer", "routes/explorer.tsx"),
  route("podcast", "routes/podcast.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
