import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from "react";
import {
  KIND_NAMES,
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  SEARCH_TEXTS,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
} from "#common/search/site-search.ts";
import { MarkedText } from "./marked-text";
import { isSearchShortcut } from "../lib/search-shortcut";

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 180;
/** Suggestions of each kind. */
const PER_KIND = 3;

type Option = { id: string; href: string; hit?: SearchHit };

/**
 * The combobox of the header's search (a WAI-ARIA combobox that suggests results as you type:
 * debounced, a superseded request cancelled; "/" and Ctrl/Cmd-K; arrow keys; Escape). It is fetched
 * on first use by HeaderSearchLoader and given the field the reader is already typing in: it adds
 * the combobox's attributes and listeners to that field and draws the list beside it, and never
 * replaces it, so the text, the caret, the focus and the phone's keyboard stay as they were,
 * whenever the code arrives (issue 37).
 */
export function HeaderSearch({ input }: { input: RefObject<HTMLInputElement | null> }) {
  // The field's text as it is when the code comes; from then on every input event.
  const [q, setQ] = useState(() => input.current?.value ?? "");
  const [found, setFound] = useState<{ q: string; groups: Array<{ kind: SearchKind; items: SearchHit[] }> } | null>(
    null,
  );
  const [open, setOpen] = useState(() => input.current !== null && document.activeElement === input.current);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const needle = q.trim();
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

  const onKeyDown = (e: KeyboardEvent) => {
    const field = e.currentTarget instanceof HTMLInputElement ? e.currentTarget : null;
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
      } else if (field?.value) {
        e.preventDefault();
        field.value = "";
        setQ("");
      }
    } else if (e.key === "Enter" && expanded && active >= 0 && options[active]) {
      e.preventDefault();
      window.location.assign(options[active].href);
    }
  };
  // The listeners below are added once; they call the handler of the latest render.
  const keyDown = useRef(onKeyDown);
  useLayoutEffect(() => {
    keyDown.current = onKeyDown;
  });

  // The field becomes the combobox: its roles and listeners are added to it, in the same commit
  // that draws the list (no event can come between), and taken off again if this unmounts.
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("role", "combobox");
    field.setAttribute("aria-autocomplete", "list");
    field.setAttribute("aria-controls", listId);
    // Text typed between the first render and now: the field, not React, holds what was typed.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the DOM once, in the commit that attaches
    setQ(field.value);
    const onInput = () => {
      setQ(field.value);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => keyDown.current(e);
    const onSubmit = (e: SubmitEvent) => {
      if ([...field.value.trim()].length === 0) e.preventDefault();
    };
    field.addEventListener("input", onInput);
    field.addEventListener("focus", onFocus);
    field.addEventListener("blur", onBlur);
    field.addEventListener("keydown", onKey);
    field.form?.addEventListener("submit", onSubmit);
    return () => {
      field.removeEventListener("input", onInput);
      field.removeEventListener("focus", onFocus);
      field.removeEventListener("blur", onBlur);
      field.removeEventListener("keydown", onKey);
      field.form?.removeEventListener("submit", onSubmit);
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"])
        field.removeAttribute(name);
    };
  }, [input, listId]);

  // The field's state attributes follow the list's.
  const activeId = expanded && active >= 0 ? optionId(active) : null;
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("aria-expanded", String(expanded));
    if (activeId) field.setAttribute("aria-activedescendant", activeId);
    else field.removeAttribute("aria-activedescendant");
  }, [input, expanded, activeId]);

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
  }, [input]);

  // Ask for suggestions once typing pauses; a newer question cancels the one in flight.
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

  let index = -1;
  return (
    <>
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
    </>
  );
}
