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
    const more = rest ? profileSays(index, named[0]!, rest, "", turn.carried) : "";
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
