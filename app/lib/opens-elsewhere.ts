/** A click that asks for a new tab or window (a modifier key, a button other than the first): the link's own business. */
export const opensElsewhere = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
