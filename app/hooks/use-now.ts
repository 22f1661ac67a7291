import { useSyncExternalStore } from "react";

// One shared clock for every relative time on the page, ticking each minute.
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

const getSnapshot = () => now || (now = Date.now());
const getServerSnapshot = () => null;

/**
 * The current time to the minute in the browser; `null` on the server and
 * while hydrating, so time-dependent text cannot differ between the two.
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
