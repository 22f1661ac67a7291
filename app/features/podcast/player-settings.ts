/** The spec's starting volume (section 9). */
export const START_VOLUME = 0.45;

/** One episode plays at a time: the one that starts pauses every other. */
export function pauseOthers(playing: HTMLMediaElement): void {
  for (const other of document.querySelectorAll("audio")) if (other !== playing && !other.paused) other.pause();
}
