import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";

/** How long typing must pause before the search runs: one request per pause, not per keystroke. */
const DEBOUNCE_MS = 250;

/** The search box. Without JavaScript it is a plain GET form; with it, results follow the typing. */
export function RecapSearch({ q }: { q: string }) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back and forward change the URL under the box: follow it unless the visitor is typing.
  useEffect(() => {
    const el = input.current;
    if (el && document.activeElement !== el && el.value !== q) el.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    void submit(trimmed ? { q: trimmed } : {}, {
      method: "get",
      action: "/recap",
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <Form
      method="get"
      action="/recap"
      role="search"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        search(input.current?.value ?? "");
      }}
    >
      <label htmlFor="recap-search" className="sr-only">
        Search summaries
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <input
          ref={input}
          id="recap-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Search summaries..."
          autoComplete="off"
          onChange={(event) => {
            const value = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), DEBOUNCE_MS);
          }}
          className="w-full rounded-md border border-ink-300 bg-surface py-2 pl-9 pr-3 text-ink-900 placeholder:text-ink-500"
        />
      </div>
    </Form>
  );
}
