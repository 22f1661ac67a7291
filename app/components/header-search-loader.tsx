import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { SEARCH_MAX_CHARS } from "#common/search/site-search.ts";
import { HEADER_SEARCH_INPUT, HeaderSearchForm } from "./header-search-form";
import { isSearchShortcut } from "../lib/search-shortcut";
import type { HeaderSearch as HeaderSearchType } from "./header-search";

type Combobox = typeof HeaderSearchType;

let code: Promise<Combobox> | undefined;
const loadCode = () => (code ??= import("./header-search").then((m) => m.HeaderSearch));

/**
 * The header's search: the GET form at first, and the combobox (its suggestions, its keys) fetched
 * when the reader reaches for it (focus, pointer, "/" or Ctrl/Cmd-K), so a page's first load does
 * not carry it. The field is this component's and stays the same element throughout: React hydrates
 * it where the server drew it, and the combobox attaches to it (issue 37), so what the reader typed,
 * the caret and the focus are never handed over, because nothing is replaced.
 *
 * `inputId` names the field where the server and the browser must agree without a shared tree (an
 * island is hydrated on its own); `eager` fetches the combobox at once (an island wakes at first use).
 */
export function HeaderSearchLoader({ inputId, eager = false }: { inputId?: string; eager?: boolean }) {
  const [Combobox, setCombobox] = useState<Combobox | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const generatedId = useId();
  const id = inputId ?? generatedId;

  const load = () => {
    void loadCode().then((loaded) => setCombobox(() => loaded));
  };

  // Focused before React came (a tap or a shortcut while the page was loading): no focus event will follow.
  useLayoutEffect(() => {
    if (eager || document.activeElement === input.current) load();
  }, [eager]);

  // The shortcuts work before the code has come: they focus the box, which fetches it.
  useEffect(() => {
    if (Combobox) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [Combobox]);

  return (
    <HeaderSearchForm
      inputId={id}
      input={
        // Uncontrolled: the browser keeps the text (typed before or during hydration), the combobox reads it.
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          maxLength={SEARCH_MAX_CHARS}
          placeholder="Search"
          autoComplete="off"
          aria-keyshortcuts="/ Control+K Meta+K"
          onFocus={Combobox ? undefined : load}
          onPointerEnter={Combobox ? undefined : load}
          className={HEADER_SEARCH_INPUT}
        />
      }
    >
      {Combobox && <Combobox input={input} />}
    </HeaderSearchForm>
  );
}
