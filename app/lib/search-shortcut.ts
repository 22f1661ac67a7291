/** "/" outside a text field, or Ctrl/Cmd-K anywhere: the keys that bring the header's search into focus. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const target = event.target instanceof HTMLElement ? event.target : null;
  const typing = target !== null && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  return (
    (event.key === "k" && (event.ctrlKey || event.metaKey)) ||
    (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey)
  );
}
