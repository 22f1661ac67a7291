// The islands of a plain-HTML page (routes whose handle is ISLANDS_PAGE): every
// [data-island] box the server rendered gets a React root with the same
// component and props, plus the toast area. Fetched after the page has loaded.
import { startTransition, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import type { PublicConfig } from "../../server/config";
import { CommentsSection } from "../components/comments/comments-section";
import { CopyLinkButton } from "../components/copy-link-button";
import { Toasts } from "../components/toasts";
import { SiteContext } from "../components/use-site";
import { AudioPlayer } from "../features/podcast/audio-player";
import { scrollToSharedMoment } from "../features/podcast/shared-moment";

// Every island by the name its box carries.
const ISLANDS: Record<string, ComponentType<never>> = {
  comments: CommentsSection,
  "copy-link": CopyLinkButton,
  "audio-player": AudioPlayer,
};

const site = JSON.parse(document.getElementById("site-config")?.textContent ?? "{}") as PublicConfig;

/** Lets the browser handle input and paint before the next island: no one long task for the whole page. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const toasts = document.body.appendChild(document.createElement("div"));
createRoot(toasts).render(<Toasts />);

for (const box of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const Component = ISLANDS[box.dataset.island ?? ""] as ComponentType<object> | undefined;
  if (!Component) continue;
  const props = JSON.parse(box.dataset.props ?? "{}") as object;
  const root = createRoot(box);
  // A transition renders in slices, yielding to the browser between them.
  startTransition(() =>
    root.render(
      <SiteContext value={site}>
        <Component {...props} />
      </SiteContext>,
    ),
  );
  await nextTask();
}

scrollToSharedMoment();

// Tests and styles that need the page's code wait for this mark, as on hydrated pages.
document.documentElement.dataset.hydrated = "true";
