// The reply of an intent that answers from the company data: its answer, what the profile says
// on a part of the question the data holds no fact for, and the questions to ask next.
import { followUpBlock, followUps } from "./follow-ups.ts";
import { otherPart } from "./coverage-hits.ts";
import { profileSays } from "./profile-says.ts";
import { profileBullet } from "./quoting.ts";
import type { FactRead } from "../company-facts.ts";
import type { AnalystReply, AnswerContext, AnswerIntent } from "./answer-context.ts";

/** An answer from the company data as the reply to the turn. */
export function companyReply({ index, turn, about }: AnswerContext, answer: string): AnalystReply {
  const { companies: named, intents } = turn;
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
      answer,
      ...(more && !answer.includes(more)
        ? ["", "**What the profile says**", "", profileBullet(index, named[0]!, more)]
        : []),
      ...followUpBlock(followUps(named, intents, [])),
    ]
      .join("\n")
      .trim(),
    about,
  };
}

/**
 * The intent for one shape of question the company data answers: it takes the turns read as that
 * shape, unless a comparison is asked (intents/compare answers those with the hub's coverage beside).
 */
export function companyDataIntent<Shape extends FactRead["shape"]>(
  shape: Shape,
  render: (read: Extract<FactRead, { shape: Shape }>, context: AnswerContext) => string,
  name: string = shape,
): AnswerIntent {
  const isShape = (read: FactRead | undefined): read is Extract<FactRead, { shape: Shape }> => read?.shape === shape;
  return {
    name,
    takes: ({ turn }) => isShape(turn.read) && !turn.intents.includes("compare"),
    answer: (context) =>
      isShape(context.turn.read) ? companyReply(context, render(context.turn.read, context)) : undefined,
  };
}
