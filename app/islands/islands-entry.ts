// The script of a plain-HTML page (routes whose handle is ISLANDS_PAGE), fetched
// after the page has loaded. It is small and React-free: it watches the page's
// [data-island] boxes and fetches React and the islands' code (mount-island.tsx)
// only when a box needs it (see IslandMount), so a reader who only reads runs
// no framework code at all.
import { pauseOthers, START_VOLUME } from "../features/podcast/player-settings";
import { scrollToSharedMoment, sharedMoment } from "../features/podcast/shared-moment";
import type { mountIsland as MountIslandFn } from "./mount-island";
import { isSearchShortcut } from "../lib/search-shortcut";
import { opensElsewhere } from "../lib/opens-elsewhere";
import { keepTipInView, tipOf } from "../features/chat/tip-in-view";

type MountIsland = typeof MountIslandFn;

let code: Promise<MountIsland> | undefined;
const loadCode = () => (code ??= import("./mount-island").then((m) => m.mountIsland));

const mounted = new Map<HTMLElement, Promise<void>>();

/** Elements whose click does its work in plain HTML: a click there is never held for an island's code. */
const WORKS_WITHOUT_CODE = 'form[method="dialog"], audio, video, select, label:has(select)';

/**
 * Boxes a pointer is pressing, each with what settles once it lets go. React does not replace the
 * server's elements under a press: the browser would then send the click to neither the old element
 * nor the new one (a slow tap, a busy phone: the press that woke the box is lost).
 */
const presses = new Map<HTMLElement, Promise<void>>();

function holdWhilePressed(box: HTMLElement): void {
  if (box.dataset.mounted || box.dataset.hydrate || presses.has(box)) return;
  const types = ["pointerup", "pointercancel"];
  presses.set(
    box,
    new Promise((resolve) => {
      const release = () => {
        for (const type of types) document.removeEventListener(type, release, true);
        // After the task that dispatches the release's own click, which the server's element takes.
        setTimeout(() => {
          presses.delete(box);
          resolve();
        });
      };
      for (const type of types) document.addEventListener(type, release, true);
    }),
  );
}

/** Mounts `box` once; settles when it is in place, and marks it then (tests wait for the mark). */
function wake(box: HTMLElement): Promise<void> {
  let done = mounted.get(box);
  if (!done) {
    done = loadCode().then(async (mountIsland) => {
      // A hydrated island keeps its elements, and with them what the reader did: nothing to carry.
      if (box.dataset.hydrate) {
        await mountIsland(box);
        box.dataset.mounted = "true";
        return;
      }
      await presses.get(box);
      // What the reader did in the server's HTML before the code came: text typed, the field in focus.
      const typed = [...box.querySelectorAll<HTMLInputElement>("input[name]")].map((f) => [f.name, f.value] as const);
      const focused = box.contains(document.activeElement) ? pathTo(box, document.activeElement) : undefined;
      await mountIsland(box);
      carryOver(box, typed, focused);
      box.dataset.mounted = "true";
    });
    mounted.set(box, done);
  }
  return done;
}

/**
 * Gives the island React drew what the reader put in its server HTML: typed text goes into the
 * same-named field as if typed there (React hears the input event), and focus returns to the same place.
 */
function carryOver(
  box: HTMLElement,
  typed: ReadonlyArray<readonly [string, string]>,
  focused: number[] | undefined,
): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  for (const [name, value] of typed) {
    const field = box.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    if (!field || !value || field.value === value) continue;
    setValue.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  if (!focused) return;
  let target: Element | undefined = box;
  for (const index of focused) target = target?.children[index];
  if (target instanceof HTMLElement) target.focus();
}

/** Child indexes from `box` down to `target`, to find the same element in the re-rendered box. */
function pathTo(box: HTMLElement, target: EventTarget | null): number[] {
  const path: number[] = [];
  for (let node = target instanceof Element ? target : null; node && node !== box; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement?.children ?? [], node));
  }
  return path;
}

// The spec's starting volume holds even for a play pressed before the player's code arrives.
for (const audio of document.querySelectorAll("audio")) audio.volume = START_VOLUME;
// So does one episode at a time; media events do not bubble, so listen as they pass down.
document.addEventListener(
  "play",
  (event) => event.target instanceof HTMLMediaElement && pauseOthers(event.target),
  true,
);

// A box is `display: contents` (it has no box of its own to intersect): watch what it holds.
const boxOf = new Map<Element, HTMLElement>();
const nearby = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearby.unobserve(entry.target);
      void wake(boxOf.get(entry.target)!);
    }
  },
  // A quarter of a screen ahead: the code is there before the reader is, and only what is near mounts.
  { rootMargin: "25% 0px" },
);

for (const box of document.querySelectorAll<HTMLElement>("[data-island]")) {
  if (box.dataset.mount === "interaction") {
    box.addEventListener("pointerdown", () => holdWhilePressed(box), { capture: true, passive: true });
    // Captured: a dialog's close (Escape, a `method="dialog"` button) does not bubble.
    for (const type of ["pointerover", "pointerdown", "touchstart", "focusin", "input", "close"])
      box.addEventListener(type, () => void wake(box), { once: true, passive: true, capture: true });
    // Used before this script came (a tap and typing while the page loaded): no event will say so now.
    // Only a field counts: a dialog opened with the page puts focus in it with no reader involved.
    if (document.activeElement?.matches("input, textarea, select") && box.contains(document.activeElement))
      void wake(box);
    // A dialog the server sent open and the reader has closed already: the island must hear of it.
    if (box.querySelector("dialog:not([open])")) void wake(box);
    let held: Promise<unknown> = Promise.resolve();
    box.addEventListener(
      "click",
      (event) => {
        if (box.dataset.mounted) return;
        // What works by itself is never held: a `method="dialog"` form's button closes its dialog (the
        // close wakes the box), a player's controls play, a select (or its label) opens its choices.
        if (event.target instanceof Element && event.target.closest(WORKS_WITHOUT_CODE)) return;
        // A hydrated island's elements are the server's: a click before its code does what it does in
        // plain HTML, unless the island asks for it to be held. A click for a new tab or window always is.
        if (box.dataset.hydrate && (!box.dataset.holdClicks || opensElsewhere(event))) return;
        // Too early: hold the click, and give it to the same element once React has drawn it.
        event.preventDefault();
        event.stopPropagation();
        const path = pathTo(box, event.target);
        // Held clicks are given back one at a time, each in a task of its own, so React has drawn
        // what one did before the next comes (two presses of a sort, then its download link).
        held = held
          .then(() => wake(box))
          .then(() => new Promise((resolve) => setTimeout(resolve)))
          .then(() => {
            let target: Element | undefined = box;
            for (const index of path) target = target?.children[index];
            // Dispatched, not click(): a press often lands on a button's icon, an SVG element without click().
            target?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
          });
      },
      { capture: true },
    );
  } else {
    for (const child of box.children) {
      boxOf.set(child, box);
      nearby.observe(child);
    }
  }
}

scrollToSharedMoment();

// A shared moment's player is woken at once: its code is what starts the episode at the moment's time.
const moment = sharedMoment();
for (const box of document.querySelectorAll<HTMLElement>('[data-island="audio-player"]')) {
  const props = JSON.parse(box.dataset.props ?? "{}") as { episode?: { id?: number } };
  if (moment && props.episode?.id === moment.episode) void wake(box);
}

// The header search's shortcuts ("/" outside a text field, Ctrl/Cmd-K) work before its code has
// come: they focus its box, which wakes it (its own handler takes over once it is mounted).
document.addEventListener("keydown", (event) => {
  const box = document.querySelector<HTMLElement>('[data-island="site-search"]');
  if (!box || box.dataset.mounted || !isSearchShortcut(event)) return;
  event.preventDefault();
  box.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
});

// Transcripts and chapters (issue 18): a time plays its episode from there, in place.
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const seek = target?.closest<HTMLAnchorElement>("a[data-seek]");
  const audio = seek?.closest("article")?.querySelector("audio");
  if (seek && audio) {
    event.preventDefault();
    audio.currentTime = Number(seek.dataset.seek);
    void audio.play().catch(() => {});
    // The address names the moment, as a shared link would.
    history.replaceState(history.state, "", seek.href);
    return;
  }
  const copy = target?.closest<HTMLButtonElement>("button[data-copy-moment]");
  if (copy) void copyMoment(copy);
});

async function copyMoment(button: HTMLButtonElement): Promise<void> {
  const site = JSON.parse(document.getElementById("site-config")?.textContent ?? "{}") as { siteUrl?: string };
  const url = `${site.siteUrl ?? location.origin}${button.dataset.copyMoment}`;
  // The clipboard is written at once, within the click; the toast's code may take a moment.
  const copied = await navigator.clipboard.writeText(url).then(
    () => true,
    () => false,
  );
  await loadCode();
  const { announceCopy } = await import("../components/copy-link-button");
  announceCopy(copied, url, `Link to ${button.getAttribute("aria-label")?.replace(/^Copy link to /, "") ?? ""} copied`);
}

// The cue being spoken is marked (aria-current) as its episode plays; media events do not bubble, so listen as they pass down.
document.addEventListener(
  "timeupdate",
  (event) => {
    const audio = event.target;
    if (!(audio instanceof HTMLAudioElement)) return;
    const t = audio.currentTime;
    for (const cue of audio.closest("article")?.querySelectorAll<HTMLElement>("[data-cue-start]") ?? []) {
      const on = t >= Number(cue.dataset.cueStart) && t < Number(cue.dataset.cueEnd);
      if (on && !cue.hasAttribute("aria-current")) cue.setAttribute("aria-current", "true");
      else if (!on && cue.hasAttribute("aria-current")) cue.removeAttribute("aria-current");
    }
  },
  true,
);

// A numbered citation (a shared conversation's, common/chat/citation-tip.tsx) shows its passage while it is
// hovered or has focus; Escape hides it until focus leaves, as on the chat page.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !(event.target instanceof Element)) return;
  event.target.closest(".cite")?.setAttribute("data-dismissed", "");
});
document.addEventListener("focusout", (event) => {
  if (event.target instanceof Element) event.target.closest(".cite")?.removeAttribute("data-dismissed");
});
// Shown, its passage is kept inside the screen (a number near an edge would put half of it off a phone's).
for (const type of ["focusin", "mouseover"])
  document.addEventListener(type, (event) => {
    const tip = tipOf(event.target);
    if (tip) keepTipInView(tip);
  });

// Tests and styles that need the page's code wait for this mark, as on hydrated pages:
// from here every island comes alive when it is needed.
document.documentElement.dataset.hydrated = "true";
