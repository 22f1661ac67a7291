import type { ComponentProps, ComponentType } from "react";

/**
 * When an island's code runs in the browser: "visible" once its box nears the
 * viewport (content that must come alive as the reader reaches it: comments, a
 * transcript); "interaction" at the first sign of use (pointer over it, focus, a
 * touch; a click before its code arrived is replayed), for controls whose server
 * HTML already looks right and works (a button, a player) and that most readers never press.
 */
export type IslandMount = "visible" | "interaction";

/**
 * Marks a component as an island of a plain-HTML page: the server renders it as
 * usual, inside a box that names it and carries its props; on a page that is
 * not hydrated, app/islands/islands-entry.ts renders it again in the browser there.
 * In a hydrated page (or a client-side navigation) the box is inert.
 *
 * `hydrate`: the browser hydrates the server's HTML instead of drawing it anew, so the elements the
 * reader is using stay the same (a field being typed in keeps its text, caret and focus). The
 * component must then render the same HTML in both places (no `useId`: the island has its own tree).
 *
 * `holdClicks`: a hydrated island's elements do what plain HTML does until its code comes (a form
 * submits, a link loads); with it, a click there before the code is held and given to the same
 * element once the island is alive, as an island drawn anew does.
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  mount: IslandMount = "visible",
  { hydrate = false, holdClicks = false }: { hydrate?: boolean; holdClicks?: boolean } = {},
) {
  function Island(props: P) {
    return (
      <div
        data-island={name}
        data-mount={mount}
        data-hydrate={hydrate ? "true" : undefined}
        data-hold-clicks={holdClicks ? "true" : undefined}
        data-props={JSON.stringify(props)}
        className="contents"
      >
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island as (props: ComponentProps<typeof Component>) => React.JSX.Element;
}
