import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  ALMOST_DONE_FROM_S,
  DEEP_ALMOST_DONE,
  DEEP_IN_PROGRESS,
  DEEP_STILL_PROCESSING,
  DEEP_WAIT_NOTE,
  STILL_PROCESSING_AFTER_S,
} from "./chat-text";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** The deep-research wait: a spinner, the elapsed time ticking every second, and the spec's notices. */
export function DeepResearchStatus({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <li className="flex justify-start">
      <div className="max-w-[85%] rounded-2xl rounded-bl-sm border border-copper-300 bg-copper-100/40 px-4 py-3 text-sm text-ink-800 sm:max-w-[75%]">
        <p className="flex items-center gap-2 font-medium">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {DEEP_IN_PROGRESS}
          <span className="tabular-nums" data-testid="deep-research-elapsed">
            {clock(elapsed)}
          </span>
        </p>
        <p className="mt-1">{DEEP_WAIT_NOTE}</p>
        {elapsed >= STILL_PROCESSING_AFTER_S ? <p className="mt-1">{DEEP_STILL_PROCESSING}</p> : null}
        {elapsed >= ALMOST_DONE_FROM_S ? <p className="mt-1">{DEEP_ALMOST_DONE}</p> : null}
      </div>
    </li>
  );
}
