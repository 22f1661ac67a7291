import { useSyncExternalStore } from "react";

// Storage can be blocked (private modes, policies): reading then finds nothing and writing does nothing.

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key when `value` is null. */
export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* blocked: nothing is remembered */
  }
}

const noSubscription = () => () => {};
const nothing = () => null;

/**
 * The value stored under `key`, read as an external store: null on the server
 * and while hydrating (they cannot know it), the stored value after.
 */
export function useLocalValue(key: string): string | null {
  return useSyncExternalStore(noSubscription, () => readLocal(key), nothing);
}
