import { storedAudioFacts, type AudioFacts } from "../media/audio-facts.ts";
import type { MediaStore } from "../media/media-store.ts";

/** An uploaded episode file's size and duration, read from the file (never from the form); an error in words when it cannot be. */
export async function episodeAudio(
  store: MediaStore,
  file: string | null,
): Promise<{ facts: AudioFacts | null } | { error: string }> {
  if (!file) return { facts: null };
  const problem = { error: `Audio: ${file} is not an uploaded audio file. Upload it again.` };
  try {
    const facts = await storedAudioFacts(store, "podcast-episodes", file);
    return facts ? { facts } : problem;
  } catch {
    return problem;
  }
}
