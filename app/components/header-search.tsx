import { useEffect, useId, useRef, useState } from "react";
import {
  KIND_NAMES,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  SEARCH_TEXTS,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
} from "#common/search/site-search.ts";
import { MarkedText } from "../features/search/marked-text";
import { HEADER_SEARCH_INPUT, HeaderSearchForm } from "./header-search-form";
import { isSearchShortcut } from "../lib/search-shortcut";

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 180;
/** Suggestions of each kind. */
const PER_KIND = 3;

type Option = { id: string; href: string; hit?: SearchHit };

/**
 * The search in every page's header. Without JavaScript it is a GET form to
 * /search; with it, a WAI-ARIA combobox that suggests results as you type
 * (debounced; a superseded request is cancelled), opened with "/" or Ctrl/Cmd-K.
 */
export function HeaderSearch({ initial }: { initial?: { q: string; focused: boolean } } = {}) {
  const [q, setQ] = useState(initial?.q ?? "");
  const [found, setFound] = useState<{ q: string; groups: Array<{ kind: SearchKind; items: SearchHit[] }> } | null>(
    null,
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Loaded on first use (HeaderSearchLoader): the reader's text is already here; focus stays in the box.
  const startFocused = initial?.focused ?? false;
  useEffect(() => {
    if (!startFocused || !input.current) return;
    input.current.focus();
    const end = input.current.value.length;
    input.current.setSelectionRange(end, end);
  }, [startFocused]);

  // "/" (outside a text field) and Ctrl/Cmd-K bring the search into focus from anywhere on the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isSearchShortcut(e)) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Ask for suggestions once typing pauses; a newer question cancels the one in flight.
  const needle = q.trim();
  useEffect(() => {
    // Too short or too long: no request; the suggestions of another text are not shown (see `current`).
    if ([...needle].length < SEARCH_MIN_CHARS || [...needle].length > SEARCH_MAX_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search?${new URLSearchParams({ q: needle, limit: String(PER_KIND) })}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<SearchResponse>) : null))
        .then((body) => {
          if (!body) return;
          setFound({ q: needle, groups: body.groups.filter((g) => g.items.length) });
          setActive(-1);
        })
        // A cancelled or failed suggestion leaves the form as it is: Enter still searches.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [needle]);

  const seeAll = `/search?${new URLSearchParams({ q: needle })}`;
  // Suggestions are shown only for the text they answer.
  const current = found?.q === needle ? found : null;
  const options: Option[] = current
    ? [
        ...current.groups.flatMap((g) => g.items.map((hit) => ({ id: `${hit.kind}-${hit.id}`, href: hit.url, hit }))),
        { id: "all", href: seeAll },
      ]
    : [];
  const expanded = open && current !== null;

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!current) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      const n = options.length;
      // From the input down to the last option and round again; -1 is the input itself.
      setActive((i) => {
        if (!expanded) return step > 0 ? 0 : n - 1;
        const next = i + step;
        return next < -1 ? n - 1 : next >= n ? -1 : next;
      });
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (q) {
        e.preventDefault();
        setQ("");
      }
    } else if (e.key === "Enter" && expanded && active >= 0 && options[active]) {
      e.preventDefault();
      window.location.assign(options[active].href);
    }
  };

  let index = -1;
  return (
    <HeaderSearchForm
      inputId={`${listId}-input`}
      onSubmit={(e) => {
        if ([...needle].length === 0) e.preventDefault();
      }}
      input={
        <input
          ref={input}
          id={`${listId}-input`}
          type="search"
          name="q"
          value={q}
          maxLength={SEARCH_MAX_CHARS}
          placeholder="Search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="/ Control+K Meta+K"
          onChange={(e) => {
            setQ(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={HEADER_SEARCH_INPUT}
        />
      }
    >
      <div
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${needle}`}
        hidden={!expanded}
        className="fixed inset-x-2 top-[4.25rem] z-50 max-h-[70vh] overflow-y-auto rounded-md border border-ink-900/10 bg-surface py-1 shadow-card md:absolute md:inset-x-auto md:right-0 md:top-12 md:w-[28rem]"
        // Keeps the input focused while an option is pressed, so the press lands.
        onMouseDown={(e) => e.preventDefault()}
      >
        {current?.groups.map((group) => (
          <div role="group" key={group.kind} aria-labelledby={`${listId}-${group.kind}`}>
            <div
              id={`${listId}-${group.kind}`}
              role="presentation"
              className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-ink-600"
            >
              {KIND_NAMES[group.kind].many}
            </div>
            {group.items.map((hit) => {
              index += 1;
              const i = index;
              return (
                <a
                  key={`${hit.kind}-${hit.id}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={active === i}
                  href={hit.url}
                  tabIndex={-1}
                  className={`block px-3 py-2 text-sm ${active === i ? "bg-ink-100" : "hover:bg-ink-100"}`}
                >
                  <span className="block font-medium text-ink-950">
                    <MarkedText value={hit.title} />
                  </span>
                  <span className="block truncate text-ink-600">
                    <MarkedText value={hit.snippet} />
                  </span>
                </a>
              );
            })}
          </div>
        ))}
        <a
          id={optionId(options.length - 1)}
          role="option"
          aria-selected={active === options.length - 1}
          href={seeAll}
          tabIndex={-1}
          className={`block border-t border-ink-900/10 px-3 py-2 text-sm font-medium text-copper-700 ${active === options.length - 1 ? "bg-ink-100" : "hover:bg-ink-100"}`}
        >
          {SEARCH_TEXTS.seeAll(needle)}
        </a>
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {!expanded ? "" : options.length > 1 ? `${options.length - 1} suggestions` : SEARCH_TEXTS.noResults(needle)}
      </div>
    </HeaderSearchForm>
  );
}
