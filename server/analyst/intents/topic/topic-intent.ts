// A short answer on a topic: what the hub's recaps and episodes say on it, the companies the
// question names (side by side when it names several), and the profiles that cover it.
import { comparisonTable } from "../../answer/company-lines.ts";
import type { AnswerIntent } from "../../answer/answer-context.ts";
import {
  closedReply,
  concludedIn,
  conclusionLines,
  conclusions,
  openingLines,
  pointOf,
} from "../../answer/answer-frame.ts";
import { evidenceOf } from "../../answer/evidence.ts";
import { profileSays } from "../../answer/profile-says.ts";
import { profileBullet } from "../../answer/quoting.ts";

export const topicIntent: AnswerIntent = {
  name: "topic",
  takes: ({ deep }) => !deep,
  answer(context) {
    const { index, turn, query } = context;
    const named = turn.companies;
    const { recapHits, episodeHits, companyHits } = evidenceOf(context);
    const point = pointOf(context);
    const lines = openingLines(context);
    // The answer first: what the covering recaps conclude; then the evidence, without saying it twice.
    const concluded = conclusions(context);
    lines.push(...conclusionLines(concluded));
    const summaryHits = (query.podcast ? [...episodeHits, ...recapHits] : [...recapHits, ...episodeHits]).filter(
      (h) => !concludedIn(concluded)(h),
    );
    if (summaryHits.length) lines.push("**What the hub says**", "", ...summaryHits.map(point), "");
    // Companies named together ("Diageo or Pernod, who's holding up better?") are set side by side; a
    // company carried from the last turn beside one this turn names ("didn't they fall out with
    // RNDC?") is asked about with it, so each is quoted on the question.
    if (named.length >= 2 && (turn.intents.includes("compare") || !turn.carried))
      lines.push("**How they compare**", "", comparisonTable(named), "");
    else
      for (const c of named)
        lines.push(
          `**${c.name}**`,
          "",
          profileBullet(index, c, profileSays(index, c, turn.text, turn.before, turn.carried)),
          "",
        );
    if (companyHits.length && named.length < 2) lines.push("**Companies involved**", "", ...companyHits.map(point), "");
    return closedReply(context, lines);
  },
};
