// A shared moment is `/podcast?episode=<id>#episode-<id>&t=<seconds>` (episodePath): the
// fragment names the episode's card and the second to start at.
const MOMENT = /^#episode-(\d+)(?:&t=(\d+))?$/;

/** The moment the address asks for in episode `id`, when it names that episode and a time. */
export function momentFromHash(id: number): number | undefined {
  const match = MOMENT.exec(window.location.hash);
  return match && Number(match[1]) === id && match[2] ? Number(match[2]) : undefined;
}

/** A fragment with a time is not a plain element id, so the browser does not scroll to it: bring its episode into view. */
export function scrollToSharedMoment(): void {
  const match = MOMENT.exec(window.location.hash);
  if (match?.[2]) document.getElementById(`episode-${match[1]}`)?.scrollIntoView();
}
