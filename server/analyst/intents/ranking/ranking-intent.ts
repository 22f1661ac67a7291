// "Who are the top 10 distributors?", "the largest wine and spirits wholesalers in Wisconsin", "who
// moves the most cases?": a ranking from the Top Players table, narrowed and ordered as asked.
import { companyDataIntent } from "../../answer/company-reply.ts";
import { narrowedRankingAnswer, rankingAnswer } from "./ranking-answer.ts";

export const rankingIntent = companyDataIntent("ranking", (read, { turn }) =>
  read.narrowed ? narrowedRankingAnswer(turn.text, read.type, read.companies) : rankingAnswer(turn.text, read.type),
);
