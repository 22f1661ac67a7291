import { useEffect, useId, useRef, useState } from "react";
import { SEARCH_MAX_CHARS } from "#common/search/site-search.ts";
import { HEADER_SEARCH_INPUT, HeaderSearchForm } from "./header-search-form";
import { isSearchShortcut } from "../lib/search-shortcut";
import type { HeaderSearch as HeaderSearchType } from "./header-search";

type Combobox = typeof HeaderSearchType;
type Loaded = { Combobox: Combobox; initial: { q: string; focused: boolean } };

let code: Promise<Combobox> | undefined;
const loadCode = () => (code ??= import("./header-search").then((m) => m.HeaderSearch));

/**
 * The header's search on a page React hydrates: the GET form at first, and the
 * combobox (its suggestions, its keys) fetched when the reader reaches for it
 * (focus, pointer, "/" or Ctrl/Cmd-K), so a page's first load does not carry it.
 * What the reader typed and the focus go over to the combobox.
 */
export function HeaderSearchLoader() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const load = () => {
    void loadCode().then((Combobox) => {
      const field = input.current;
      setLoaded(
        (was) => was ?? { Combobox, initial: { q: field?.value ?? "", focused: document.activeElement === field } },
      );
    });
  };

  // The shortcuts work before the code has come: they focus the box, which fetches it.
  useEffect(() => {
    if (loaded) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [loaded]);

  if (loaded) return <loaded.Combobox initial={loaded.initial} />;
  return (
    <HeaderSearchForm
      inputId={inputId}
      input={
        <input
          ref={input}
          id={inputId}
          type="search"
          name="q"
          maxLength={SEARCH_MAX_CHARS}
          placeholder="Search"
          autoComplete="off"
          aria-keyshortcuts="/ Control+K Meta+K"
          onFocus={load}
          onPointerEnter={load}
          className={HEADER_SEARCH_INPUT}
        />
      }
    />
  );
}
