import { z } from "zod";
import file from "./turn-cues.json" with { type: "json" };
import { compileTemplates } from "./templates.ts";

// How a turn leans on the last one, and what kind of answer it wants: words as data (turn-cues.json).

const cue = z.object({ about: z.string().min(1), templates: z.array(z.string().min(1)).min(1) }).strict();
const fileSchema = z
  .object({ about: z.string().min(1), refersBack: cue, followUpStart: cue, podcast: cue, latest: cue })
  .strict();

export const TURN_CUES_FILE = fileSchema.parse(file);

/** A word that points back to the last turn's subject. */
export const REFERS_BACK = compileTemplates(TURN_CUES_FILE.refersBack.templates);
/** How a follow-up begins, at the start of the question. */
export const FOLLOW_UP_SHAPE = new RegExp(`^(?:${compileTemplates(TURN_CUES_FILE.followUpStart.templates).source})`);
/** Asking for the podcast. */
export const ASKS_PODCAST = compileTemplates(TURN_CUES_FILE.podcast.templates);
/** Asking for the newest items. */
export const ASKS_LATEST = compileTemplates(TURN_CUES_FILE.latest.templates);
