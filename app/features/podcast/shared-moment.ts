// A shared moment is `/podcast?episode=<id>#episode-<id>&t=<seconds>` (episodePath): the
// fragment names the episode's card and the second to start at.
const MOMENT = /^#episode-(\d+)(?:&t=(\d+))?$/;

/** The episode and second the address asks for, when its fragment names both. */
export function sharedMoment(): { episode: number; at: number } | undefined {
  const match = MOMENT.exec(window.location.hash);
  return match?.[2] ? { episode: Number(match[1]), at: Number(match[2]) } : undefined;
}

/** The moment the address asks for in episode `id`, when it names that episode and a time. */
export function momentFromHash(id: number): number | undefined {
  const moment = sharedMoment();
  return moment?.episode === id ? moment.at : undefined;
}

/** A fragment with a time is not a plain element id, so the browser does not scroll to it: bring its episode into view. */
export function scrollToSharedMoment(): void {
  const moment = sharedMoment();
  if (moment) document.getElementById(`episode-${moment.episode}`)?.scrollIntoView();
}
