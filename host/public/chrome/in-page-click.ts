import type { MouseEvent } from 'react';

/** Plain left clicks stay in the page; others (new tab, new window) follow the link's href. */
export function inPageClick(event: MouseEvent, navigate: () => void): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate();
}
