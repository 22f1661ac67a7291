import { Clock } from "lucide-react";
import { TopicChips } from "../../components/topic-chips";
import type { Episode, EpisodeExtras } from "#common/content/episode.ts";
import { CommentsSection } from "../../components/comments/comments-section";
import { DateText } from "../../components/date-text";
import { AudioPlayer } from "./audio-player";
import { clock } from "#common/podcast/clock.ts";
import { EpisodeChapters, EpisodeTranscript } from "./episode-transcript";
import { island } from "../../islands/island";
import { SERIES_TAG } from "#common/podcast/podcast-text.ts";

// The podcast page is plain HTML (its route is ISLANDS_PAGE): the player and comments run as islands.
// The player's `<audio>` plays without its code: the code (resuming, speed, the moment's link) comes at
// the first sign of use, and hydrates, so a play pressed before it is not cut off by a new element.
const AudioPlayerIsland = island("audio-player", AudioPlayer, "interaction", { hydrate: true, holdClicks: true });
const CommentsIsland = island("comments", CommentsSection);

/** One episode: date, series tag, title, description, duration, player (or why there is none), comments. */
export function EpisodeCard({
  episode,
  extras,
  headingLevel,
  anchor,
  missingAudioText,
  showSeries = true,
}: {
  episode: Episode;
  /** The transcript and chapters, shown on the list's cards. */
  extras?: EpisodeExtras | undefined;
  headingLevel: 2 | 3;
  /** The list's card carries the `#episode-<id>` anchor; the latest card repeats an episode and does not. */
  anchor: boolean;
  missingAudioText: string;
  showSeries?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const audioUrl = episode.audio_url;
  return (
    <article id={anchor ? `episode-${episode.id}` : undefined} className="scroll-mt-24 space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
        <DateText date={episode.date} short />
        {showSeries ? (
          <span className="rounded-full bg-copper-100 px-2.5 py-0.5 text-xs font-semibold text-copper-700">
            {SERIES_TAG[episode.weekly_daily]}
          </span>
        ) : null}
        {episode.duration_seconds ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">Duration</span>
            {clock(episode.duration_seconds)}
          </span>
        ) : null}
      </div>
      <Heading className="font-display text-xl font-semibold leading-snug text-ink-950 sm:text-2xl">
        {episode.title}
      </Heading>
      <p className="text-ink-700">{episode.description}</p>
      <TopicChips tags={episode.tags} sample={episode.sample} />
      {audioUrl ? (
        <AudioPlayerIsland episode={{ ...episode, audio_url: audioUrl }} label={`Play “${episode.title}”`} />
      ) : (
        <p className="rounded-md border border-dashed border-ink-300 bg-paper px-4 py-3 text-sm text-ink-600">
          {missingAudioText}
        </p>
      )}
      {extras?.chapters ? <EpisodeChapters episode={episode} chapters={extras.chapters} /> : null}
      {anchor && (extras?.cues || extras?.text || episode.transcript_url) ? (
        <EpisodeTranscript episode={episode} extras={extras} />
      ) : null}
      <CommentsIsland
        endpoint={`/api/episodes/${episode.id}/comments`}
        subject={anchor ? episode.title : `${episode.title} (latest episode)`}
      />
    </article>
  );
}
