import { Link2 } from "lucide-react";
import { useEffect, useRef } from "react";
import type { Episode } from "#common/content/episode.ts";
import { copyLink } from "../../components/copy-link-button";
import { readLocal, writeLocal } from "../../lib/local-store";
import { useSite } from "../../hooks/use-site";
import { clock } from "#common/podcast/clock.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import { pauseOthers, START_VOLUME } from "./player-settings";
import { momentFromHash } from "./shared-moment";

const SPEEDS = [1, 1.25, 1.5, 2];
const positionKey = (id: number) => `proofline:episode-position:${id}`;

function readPosition(id: number): number | undefined {
  const value = Number(readLocal(positionKey(id)));
  return value > 0 ? value : undefined;
}

const writePosition = (id: number, seconds: number | undefined) =>
  writeLocal(positionKey(id), seconds === undefined ? null : String(Math.floor(seconds)));

/**
 * The native player (keyboard and screen-reader support come with it), set to
 * the spec's volume, fetching nothing until play. It resumes where the visitor
 * left off, offers playback speeds and a link to the current moment, and pauses
 * every other episode when it starts.
 */
export function AudioPlayer({ episode, label }: { episode: Episode & { audio_url: string }; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const speed = useRef<HTMLSelectElement>(null);
  const site = useSite();

  useEffect(() => {
    const el = audio.current!;
    // On a plain page this code comes at first use (an island): the element may have been used
    // already, and what the reader did with it stands (the islands script set the starting volume).
    if (el.played.length === 0) el.volume = START_VOLUME;
    // A speed picked before the code came is shown by the select: it applies now.
    el.playbackRate = Number(speed.current!.value);
    const wanted = momentFromHash(episode.id);
    // A shared moment has to be ready to play at once: fetch the metadata for it only.
    if (wanted !== undefined) el.preload = "metadata";
    let restored = false;
    const restore = () => {
      if (restored) return;
      restored = true;
      // The reader has taken the episode somewhere already (a chapter's time, a play well under way
      // before this code came): that wins over the address's moment and the stored position.
      if (el.currentTime >= 1) return;
      const at = wanted ?? readPosition(episode.id);
      if (at !== undefined && at < el.duration - 1) el.currentTime = at;
    };
    let lastSaved = 0;
    const save = () => {
      if (!restored) return;
      const now = Date.now();
      if (now - lastSaved < 1000 && !el.paused) return;
      lastSaved = now;
      writePosition(episode.id, el.currentTime > 0 ? el.currentTime : undefined);
    };
    const onPlay = () => pauseOthers(el);
    const onEnded = () => writePosition(episode.id, undefined);
    if (el.readyState >= 1) restore();
    el.addEventListener("loadedmetadata", restore);
    el.addEventListener("timeupdate", save);
    el.addEventListener("pause", save);
    el.addEventListener("play", onPlay);
    el.addEventListener("ended", onEnded);
    return () => {
      el.removeEventListener("loadedmetadata", restore);
      el.removeEventListener("timeupdate", save);
      el.removeEventListener("pause", save);
      el.removeEventListener("play", onPlay);
      el.removeEventListener("ended", onEnded);
    };
  }, [episode.id]);

  const copyMoment = () => {
    const at = audio.current?.currentTime ?? 0;
    void copyLink(
      `${site.siteUrl}${episodePath(episode.id, at)}`,
      at >= 1 ? `Link to ${clock(at)} copied` : "Link copied",
    );
  };

  return (
    <div className="space-y-2">
      <audio ref={audio} controls preload="none" src={episode.audio_url} aria-label={label} className="h-12 w-full">
        <a href={episode.audio_url}>Download the episode</a>
      </audio>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {/* The select inside its label, not tied by an id: the island is hydrated, and has no useId of its own. */}
        <label className="inline-flex items-center gap-3 text-ink-600">
          Speed
          {/* Not controlled: a choice made before a hydrated island's code came stays in the element. */}
          <select
            ref={speed}
            defaultValue={1}
            onChange={(e) => {
              if (audio.current) audio.current.playbackRate = Number(e.target.value);
            }}
            className="min-h-10 rounded-md border border-ink-300 bg-surface px-2 py-1 text-ink-900"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>{`${s}x`}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={copyMoment}
          className="inline-flex min-h-10 items-center gap-2 rounded-md border border-ink-300 bg-surface px-3 py-1 font-medium text-ink-800 hover:bg-paper"
        >
          <Link2 className="h-4 w-4" aria-hidden="true" />
          Copy link to this moment
        </button>
      </div>
    </div>
  );
}
