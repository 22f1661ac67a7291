import { SUGGESTIONS, SUGGESTIONS_TITLE } from "./chat-text";

/** The four prompts, shown while the conversation has one message or fewer; a click sends at once. */
export function Suggestions({ disabled, onPick }: { disabled: boolean; onPick: (prompt: string) => void }) {
  return (
    <section aria-labelledby="suggestions-title" className="mx-auto mt-2 w-full max-w-3xl">
      <h2 id="suggestions-title" className="mb-2 text-sm font-semibold text-ink-700">
        {SUGGESTIONS_TITLE}
      </h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {SUGGESTIONS.map((prompt) => (
          <button
            key={prompt}
            type="button"
            disabled={disabled}
            onClick={() => onPick(prompt)}
            className="rounded-lg border border-ink-900/10 bg-surface px-4 py-3 text-left text-sm text-ink-800 shadow-sm hover:border-copper-600 hover:text-ink-950 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {prompt}
          </button>
        ))}
      </div>
    </section>
  );
}
