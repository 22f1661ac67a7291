import type { ServerResponse } from "node:http";

/** How long a client refused for want of room is asked to wait. */
export const BODY_BUDGET_RETRY_SECONDS = 5;

/** What a request holds of the budget: more can be asked for as its body arrives. */
export interface BodyHold {
  /** Takes `bytes` more; false, taking nothing, when that would pass the budget. */
  add(bytes: number): boolean;
}

/**
 * The bytes of request bodies this process holds in memory at once (forms and JSON are read
 * whole before anything parses them; uploads stream to storage and hold nothing). A body is
 * given its room before it is read, from its Content-Length, or as it arrives when it has none,
 * and gives it back when its answer is done. Past the budget a request is refused with 503 and
 * Retry-After: on 4494ae7, 400 unauthenticated posts of 3.9 MB took the server from 218 MB to
 * 1.33 GB (issue 38). Per process on purpose: it protects that process's memory.
 */
export class BodyBudget {
  private held = 0;
  private size: number;

  constructor(bytes: number) {
    this.size = bytes;
  }

  /** The budget's size in bytes (BODY_BUFFER_MB, set when the app is made). */
  resize(bytes: number): void {
    this.size = bytes;
  }

  /** Bytes held now, by every body being read or waiting for its answer. */
  get inUse(): number {
    return this.held;
  }

  /**
   * Room for `bytes` of `res`'s request, kept until `res` is done (answered, or its connection
   * gone); undefined, taking nothing, when the budget has no such room.
   */
  take(res: ServerResponse, bytes: number): BodyHold | undefined {
    let mine = 0;
    let done = false;
    const add = (more: number) => {
      if (done || this.held + more > this.size) return false;
      this.held += more;
      mine += more;
      return true;
    };
    if (!add(bytes)) return undefined;
    res.once("close", () => {
      done = true;
      this.held -= mine;
    });
    return { add };
  }
}

/** This process's budget: 64 MB until createHttpApp sets BODY_BUFFER_MB. */
export const BODY_BUFFERS = new BodyBudget(64 * 1024 * 1024);
