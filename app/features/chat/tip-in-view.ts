// A citation's passage is centred above its number by CSS (app/styles/app.css, "cite-tip"): a
// number near a screen's edge puts half of it off the screen (on a 390 px phone, from -77 px to
// 394 px). When it is shown, it is moved sideways into the screen. No dependencies: the chat
// page and the islands' script of a shared conversation both use it.

/** The room kept between a passage and the screen's edges, in CSS pixels. */
export const TIP_EDGE = 8;

/**
 * How far to move a box that spans `left`..`right` so that it sits within 0..`width`, `edge`
 * from each side: 0 when it does. A box wider than the room is put at the left margin.
 */
export function shiftIntoView(left: number, right: number, width: number, edge = TIP_EDGE): number {
  if (left < edge || right - left > width - 2 * edge) return edge - left;
  if (right > width - edge) return width - edge - right;
  return 0;
}

/** Moves a shown passage into the screen (the CSS reads `--cite-shift`); a hidden one is left as it is. */
export function keepTipInView(tip: HTMLElement): void {
  tip.style.removeProperty("--cite-shift");
  const box = tip.getBoundingClientRect();
  if (!box.width) return;
  const shift = shiftIntoView(box.left, box.right, document.documentElement.clientWidth);
  if (shift) tip.style.setProperty("--cite-shift", `${Math.round(shift)}px`);
}

/** The passage of the citation an event happened in, if it is one. */
export const tipOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? (target.closest(".cite")?.querySelector<HTMLElement>(".cite-tip") ?? null) : null;
