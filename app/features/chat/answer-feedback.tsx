import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
  | { at: "word"; rating: FeedbackRating; sending: boolean; error?: string }
  /** `now`: given on this page, so the thanks takes the focus the form had; not when remembered from before. */
  | { at: "done"; now: boolean };

/**
 * Helpful or not, under an answer, with an optional word on what was missing.
 * The verdict names the answer by the id the server gave it (POST /api/chat/feedback): the desk
 * lists it with the question and answer as the server kept them. Nothing about the reader is sent.
 * Each step takes the focus from the control that made it go away (issue 37: chosen by keyboard,
 * the focus fell to the page's start): the verdict's buttons give it to the form's field, the form
 * to the thanks; a refusal keeps the form, and the word, with the reason.
 */
export function AnswerFeedback({ answerId }: { answerId: string }) {
  const [step, setStep] = useState<Step>(() => (votedOn(answerId) ? { at: "done", now: false } : { at: "ask" }));
  const [word, setWord] = useState("");
  const wordId = useId();
  const field = useRef<HTMLInputElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const opened = step.at === "word";
  const thanked = step.at === "done" && step.now;
  useEffect(() => {
    if (opened) field.current?.focus();
  }, [opened]);
  useEffect(() => {
    if (thanked) thanks.current?.focus();
  }, [thanked]);

  const send = async (rating: FeedbackRating, comment: string) => {
    setStep({ at: "word", rating, sending: true });
    const refused = (error: string) => setStep({ at: "word", rating, sending: false, error });
    try {
      const res = await fetch("/api/chat/feedback", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answerId, rating, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        return refused(body.error ?? "Your feedback could not be sent. Try again.");
      }
      rememberVote(answerId);
      setStep({ at: "done", now: true });
    } catch {
      refused("The hub could not be reached. Try again.");
    }
  };

  if (step.at === "done")
    return (
      // Focusable from script only: it holds the focus of the form it replaced, so the keyboard goes on from here.
      <p ref={thanks} tabIndex={-1} className="text-xs text-ink-500 focus:outline-none">
        Thanks for your feedback.
      </p>
    );
  if (step.at === "word")
    return (
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        aria-busy={step.sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (!step.sending) void send(step.rating, word);
        }}
      >
        {step.error ? (
          <span role="alert" className="w-full text-xs text-ink-700">
            {step.error}
          </span>
        ) : null}
        <label htmlFor={wordId} className="w-full text-xs font-semibold text-ink-700">
          {step.rating === "down" ? "What was missing or wrong? (optional)" : "What helped? (optional)"}
        </label>
        <input
          ref={field}
          id={wordId}
          value={word}
          maxLength={FEEDBACK_COMMENT_MAX}
          onChange={(e) => setWord(e.target.value)}
          className="min-h-9 min-w-0 flex-1 rounded-md border border-ink-300 bg-surface px-2 text-sm"
        />
        {/* Not disabled while it sends: a disabled button loses the focus it has, to the page's start. */}
        <button
          type="submit"
          aria-disabled={step.sending}
          className="min-h-9 rounded-md bg-ink-900 px-3 text-sm font-semibold text-white aria-disabled:opacity-50"
        >
          Send feedback
        </button>
      </form>
    );
  return (
    <div className="flex items-center gap-1 text-xs text-ink-500" role="group" aria-label="Was this answer helpful?">
      {(["up", "down"] as const).map((rating) => {
        const Icon = rating === "up" ? ThumbsUp : ThumbsDown;
        return (
          <button
            key={rating}
            type="button"
            onClick={() => setStep({ at: "word", rating, sending: false })}
            className="inline-flex min-h-7 items-center rounded px-1 py-0.5 hover:bg-paper hover:text-ink-800"
          >
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{rating === "up" ? "Helpful" : "Not helpful"}</span>
          </button>
        );
      })}
    </div>
  );
}
