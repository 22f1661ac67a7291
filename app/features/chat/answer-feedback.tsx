import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useId, useState } from "react";
import { FEEDBACK_COMMENT_MAX, type FeedbackRating } from "#common/chat/answer-feedback.ts";
import { readSession, writeSession } from "./chat-storage";

const VOTED_KEY = "proofline-chat-feedback";

function votedOn(id: string): boolean {
  try {
    return (JSON.parse(readSession(VOTED_KEY) ?? "[]") as string[]).includes(id);
  } catch {
    return false;
  }
}
function rememberVote(id: string) {
  try {
    const ids = JSON.parse(readSession(VOTED_KEY) ?? "[]") as string[];
    writeSession(VOTED_KEY, JSON.stringify([...ids, id].slice(-200)));
  } catch {
    writeSession(VOTED_KEY, JSON.stringify([id]));
  }
}

type Step =
  | { at: "ask" }
  | { at: "word"; rating: FeedbackRating }
  | { at: "sending" }
  | { at: "done" }
  | { at: "failed"; message: string };

/**
 * Helpful or not, under an answer, with an optional word on what was missing.
 * The verdict names the answer by the id the server gave it (POST /api/chat/feedback): the desk
 * lists it with the question and answer as the server kept them. Nothing about the reader is sent.
 */
export function AnswerFeedback({ answerId }: { answerId: string }) {
  const [step, setStep] = useState<Step>(() => (votedOn(answerId) ? { at: "done" } : { at: "ask" }));
  const [word, setWord] = useState("");
  const wordId = useId();

  const send = async (rating: FeedbackRating, comment: string) => {
    setStep({ at: "sending" });
    try {
      const res = await fetch("/api/chat/feedback", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answerId, rating, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        return setStep({ at: "failed", message: body.error ?? "Your feedback could not be sent. Try again." });
      }
      rememberVote(answerId);
      setStep({ at: "done" });
    } catch {
      setStep({ at: "failed", message: "The hub could not be reached. Try again." });
    }
  };

  if (step.at === "done") return <p className="text-xs text-ink-500">Thanks for your feedback.</p>;
  if (step.at === "word")
    return (
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send(step.rating, word);
        }}
      >
        <label htmlFor={wordId} className="w-full text-xs font-semibold text-ink-700">
          {step.rating === "down" ? "What was missing or wrong? (optional)" : "What helped? (optional)"}
        </label>
        <input
          id={wordId}
          value={word}
          maxLength={FEEDBACK_COMMENT_MAX}
          onChange={(e) => setWord(e.target.value)}
          className="min-h-9 min-w-0 flex-1 rounded-md border border-ink-300 bg-surface px-2 text-sm"
        />
        <button type="submit" className="min-h-9 rounded-md bg-ink-900 px-3 text-sm font-semibold text-white">
          Send feedback
        </button>
      </form>
    );
  return (
    <div className="flex items-center gap-1 text-xs text-ink-500" role="group" aria-label="Was this answer helpful?">
      {step.at === "failed" ? <span role="alert">{step.message}</span> : null}
      {(["up", "down"] as const).map((rating) => {
        const Icon = rating === "up" ? ThumbsUp : ThumbsDown;
        return (
          <button
            key={rating}
            type="button"
            disabled={step.at === "sending"}
            onClick={() => setStep({ at: "word", rating })}
            className="inline-flex min-h-7 items-center rounded px-1 py-0.5 hover:bg-paper hover:text-ink-800 disabled:opacity-50"
          >
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{rating === "up" ? "Helpful" : "Not helpful"}</span>
          </button>
        );
      })}
    </div>
  );
}
