// The company data's facts (owner, founding, size, a place in a table, a ranking, a supplier's
// carriers): answered from the typed facts alone, with no search. A question of two parts, one a
// fact the data holds and one not, also hears the profile on the other part.
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { otherPart } from "../../answer/coverage-hits.ts";
import { followUpBlock, followUps } from "../../answer/follow-ups.ts";
import { profileSays } from "../../answer/profile-says.ts";
import { profileBullet } from "../../answer/quoting.ts";

export const factIntent: AnswerIntent = {
  name: "fact",
  // A comparison is answered with the hub's coverage beside the figures (intents/compare).
  takes: ({ turn }) => Boolean(turn.facts) && !turn.intents.includes("compare"),
  answer({ index, turn, about }) {
    const { companies: named, intents, facts } = turn;
    // "how many states are they in, and what did they pick up in New England?"
    const rest = named.length === 1 ? otherPart(index, turn.text) : "";
    const one = named.length === 1 ? named[0]! : undefined;
    // A size the data gives no figure for ("how did their North American sales do?") may still be
    // told by the profile's sentences on the question: a change, a segment, a share.
    const unpublished = one && intents.includes("size") && !one.facts?.money;
    const said = unpublished ? profileSays(index, one, turn.text, "", turn.carried) : "";
    const fallback = [one?.profile?.recentDevelopments, one?.profile?.overview];
    const more = rest
      ? profileSays(index, named[0]!, rest, "", turn.carried)
      : said && !fallback.includes(said)
        ? said
        : "";
    return {
      markdown: [
        facts!,
        ...(more && !facts!.includes(more)
          ? ["", "**What the profile says**", "", profileBullet(index, named[0]!, more)]
          : []),
        ...followUpBlock(followUps(named, intents, [])),
      ]
        .join("\n")
        .trim(),
      about,
    };
  },
};
