// React and the islands' code, fetched by islands-entry.ts when the first box
// needs it: every island by name, rendered into its box with the site's public
// configuration, plus the page's toast area.
import { startTransition, useEffect, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { PublicConfig } from "#common/config/public-config.ts";
import { CommentsSection } from "../components/comments/comments-section";
import { CopyLinkButton } from "../components/copy-link-button";
import { HeaderSearchLoader } from "../components/header-search-loader";
import { Toasts } from "../components/toasts";
import { SiteContext } from "../hooks/use-site";
import { ShareOwnerControls } from "../features/chat/share-owner-controls";
import { AudioPlayer } from "../features/podcast/audio-player";
import { TranscriptOnDemand } from "../features/podcast/episode-transcript";

// Every island by the name its box carries.
const ISLANDS: Record<string, ComponentType<never>> = {
  comments: CommentsSection,
  "copy-link": CopyLinkButton,
  "audio-player": AudioPlayer,
  transcript: TranscriptOnDemand,
  "site-search": HeaderSearchLoader,
  "share-owner": ShareOwnerControls,
};

// Islands of one page only, whose code comes when their box first needs it, not with every island's.
const ON_DEMAND: Record<string, () => Promise<ComponentType<never>>> = {
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
  const Component = (ISLANDS[name] ?? (await ON_DEMAND[name]?.())) as ComponentType<object> | undefined;
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
      hydrateRoot(box, island);
      return;
    }
    const root = createRoot(box);
    // A transition renders in slices, yielding to the browser between them.
    startTransition(() => root.render(island));
  });
}
