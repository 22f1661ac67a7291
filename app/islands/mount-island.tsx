// React and the islands' code, fetched by islands-entry.ts when the first box
// needs it: every island by name, rendered into its box with the site's public
// configuration, plus the page's toast area.
import { startTransition, useEffect, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { PublicConfig } from "#common/config/public-config.ts";
import { Toasts } from "../components/toasts";
import { SiteContext } from "../hooks/use-site";

// Every island by the name its box carries. Each one's code comes when its box first needs it: a page
// fetches only its own islands, and React with the first of them.
const ISLANDS: Record<string, () => Promise<ComponentType<never>>> = {
  comments: () => import("../components/comments/comments-section").then((m) => m.CommentsSection),
  "copy-link": () => import("../components/copy-link-button").then((m) => m.CopyLinkButton),
  "audio-player": () => import("../features/podcast/audio-player").then((m) => m.AudioPlayer),
  transcript: () => import("../features/podcast/episode-transcript").then((m) => m.TranscriptOnDemand),
  "site-search": () => import("../components/header-search-loader").then((m) => m.HeaderSearchLoader),
  "share-owner": () => import("../features/chat/share-owner-controls").then((m) => m.ShareOwnerControls),
  explorer: () => import("../features/explorer/explorer-view").then((m) => m.ExplorerView),
};

const site = JSON.parse(document.getElementById("site-config")?.textContent ?? "{}") as PublicConfig;

createRoot(document.body.appendChild(document.createElement("div"))).render(<Toasts />);

/** Says when React has put the island in place. */
function Mounted({ onMounted, children }: { onMounted: () => void; children: React.ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

/**
 * Renders the island of `box` in place of its server HTML, or hydrates that HTML where the box asks
 * (data-hydrate: the elements stay, with what the reader did in them); settles once it is in place.
 */
export async function mountIsland(box: HTMLElement): Promise<void> {
  const name = box.dataset.island ?? "";
  const Component = (await ISLANDS[name]?.()) as ComponentType<object> | undefined;
  if (!Component) return;
  const props = JSON.parse(box.dataset.props ?? "{}") as object;
  return new Promise((resolve) => {
    const island = (
      <Mounted onMounted={resolve}>
        <SiteContext value={site}>
          <Component {...props} />
        </SiteContext>
      </Mounted>
    );
    if (box.dataset.hydrate) {
      startTransition(() => void hydrateRoot(box, island));
      return;
    }
    const root = createRoot(box);
    // A transition renders in slices, yielding to the browser between them.
    startTransition(() => root.render(island));
  });
}
