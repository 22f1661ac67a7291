import type { ComponentProps, ComponentType } from "react";

/**
 * Marks a component as an island of a plain-HTML page: the server renders it as
 * usual, inside a box that names it and carries its props; on a page that is
 * not hydrated, app/islands/mount.tsx renders it again in the browser there.
 * In a hydrated page (or a client-side navigation) the box is inert.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>) {
  function Island(props: P) {
    return (
      <div data-island={name} data-props={JSON.stringify(props)} className="contents">
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island as (props: ComponentProps<typeof Component>) => React.JSX.Element;
}
