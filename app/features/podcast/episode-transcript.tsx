import { Link2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Episode, EpisodeExtras } from "#common/content/episode.ts";
import { parseTranscript, type Transcript } from "#common/podcast/transcript-format.ts";
import { island } from "../../islands/island";
import { episodeFilePaths, episodePath } from "#common/feeds/feed-paths.ts";
import { clock } from "#common/podcast/clock.ts";

// Chapters and the transcript of an episode (issue 18). Plain HTML that works
// without script: each time is a link to that moment of the episode. With the
// islands script, a time seeks the episode's player, the cue being spoken is
// highlighted, and a cue's button copies the link to its moment
// (app/islands/islands-entry.ts).

/** A time that seeks: a link to the moment, which the page's script plays in place. */
function SeekLink({ episodeId, at, label }: { episodeId: number; at: number; label: string }) {
  return (
    <a
      href={episodePath(episodeId, at)}
      data-seek={at}
      aria-label={label}
      className="font-mono text-sm font-medium tabular-nums text-copper-700 underline-offset-2 hover:underline"
    >
      {clock(at)}
    </a>
  );
}

export function EpisodeChapters({
  episode,
  chapters,
}: {
  episode: Episode;
  chapters: NonNullable<EpisodeExtras["chapters"]>;
}) {
  return (
    <section aria-label={`Chapters of “${episode.title}”`}>
      <h4 className="text-sm font-semibold uppercase tracking-wide text-ink-600">Chapters</h4>
      <ol className="mt-2 space-y-1">
        {chapters.map((c) => (
          <li key={c.startTime} className="flex gap-3">
            <SeekLink episodeId={episode.id} at={c.startTime} label={`Play from ${clock(c.startTime)}: ${c.title}`} />
            <span className="text-ink-800">{c.title}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type EpisodeRef = Pick<Episode, "id" | "title">;

/** A timed transcript: a cue a line, its time a link to the moment, and a button that copies that link. */
function TranscriptCues({ episode, cues }: { episode: EpisodeRef; cues: NonNullable<EpisodeExtras["cues"]> }) {
  return (
    <ol className="mt-3 space-y-2" aria-label={`Transcript of “${episode.title}”`}>
      {cues.map((cue) => (
        <li
          key={cue.start}
          data-cue-start={cue.start}
          data-cue-end={cue.end}
          className="flex items-start gap-3 rounded px-1 py-0.5 aria-[current=true]:bg-copper-100"
        >
          <SeekLink episodeId={episode.id} at={cue.start} label={`Play from ${clock(cue.start)}`} />
          <span className="flex-1 text-ink-800">{cue.text}</span>
          <button
            type="button"
            data-copy-moment={episodePath(episode.id, cue.start)}
            aria-label={`Copy link to ${clock(cue.start)}`}
            className="inline-flex min-h-8 min-w-8 items-center justify-center rounded text-ink-600 hover:bg-surface hover:text-ink-900"
          >
            <Link2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ol>
  );
}

function PlainTranscript({ text }: { text: string }) {
  return (
    <div className="mt-3 space-y-2 text-ink-800">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

const textLink = (href: string, label: string) => (
  <p className="mt-3 text-sm">
    <a href={href} className="text-copper-700 underline">
      {label}
    </a>
  </p>
);

/**
 * A transcript read when its panel is opened, from its stable address (WebVTT when
 * timed): a page of ten episodes does not carry ten transcripts. Before that, and
 * without script, the panel links to the plain text.
 */
export function TranscriptOnDemand({ episode, src, textUrl }: { episode: EpisodeRef; src: string; textUrl: string }) {
  const panel = useRef<HTMLDetailsElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed" | Transcript>("idle");
  useEffect(() => {
    const details = panel.current;
    if (!details) return;
    let started = false;
    const load = () => {
      if (!details.open || started) return;
      started = true;
      setState("loading");
      fetch(src)
        .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`status ${res.status}`))))
        .then((text) => setState(parseTranscript(text)))
        .catch(() => setState("failed"));
    };
    load();
    details.addEventListener("toggle", load);
    return () => details.removeEventListener("toggle", load);
  }, [src]);
  return (
    <TranscriptPanel ref={panel}>
      {typeof state === "object" ? (
        state.kind === "timed" ? (
          <TranscriptCues episode={episode} cues={state.cues} />
        ) : (
          <PlainTranscript text={state.text} />
        )
      ) : (
        <>
          {state === "loading" ? (
            <p role="status" className="mt-3 text-sm text-ink-600">
              Loading transcript...
            </p>
          ) : null}
          {state === "failed" ? (
            <p role="status" className="mt-3 text-sm text-ink-600">
              The transcript could not be loaded.
            </p>
          ) : null}
          {textLink(textUrl, "Read the transcript as text")}
        </>
      )}
    </TranscriptPanel>
  );
}

/** The closed panel every transcript sits in; it opens without script. */
function TranscriptPanel({ ref, children }: { ref?: React.Ref<HTMLDetailsElement>; children: React.ReactNode }) {
  return (
    <details ref={ref} className="rounded-md border border-ink-900/10 bg-paper px-4 py-3">
      <summary className="cursor-pointer font-medium text-ink-900">Transcript</summary>
      {children}
    </details>
  );
}
const TranscriptIsland = island("transcript", TranscriptOnDemand);

/** An episode's transcript panel: in full when the page has it (the episode's own address), else read when opened. */
export function EpisodeTranscript({ episode, extras }: { episode: Episode; extras: EpisodeExtras | undefined }) {
  const paths = episodeFilePaths(episode.id);
  const ref = { id: episode.id, title: episode.title };
  if (extras?.cues)
    return (
      <TranscriptPanel>
        <TranscriptCues episode={ref} cues={extras.cues} />
        {textLink(paths.vtt, "Transcript as WebVTT")}
      </TranscriptPanel>
    );
  if (extras?.text)
    return (
      <TranscriptPanel>
        <PlainTranscript text={extras.text} />
        {textLink(paths.text, "Transcript as text")}
      </TranscriptPanel>
    );
  // The island holds the whole panel, so it has a box to come into view (a closed panel's content has none).
  return <TranscriptIsland episode={ref} src={episode.transcript_url!} textUrl={paths.text} />;
}
