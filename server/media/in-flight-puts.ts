import type { Readable } from "node:stream";

/** The error a put fails with when shutdown stops it. */
export class PutAbortedError extends Error {
  constructor(options?: { cause: unknown }) {
    super("upload aborted: the server is shutting down", options);
    this.name = "PutAbortedError";
  }
}

/**
 * The puts of one store still in flight, so that shutdown can stop them
 * cleanly rather than let the process exit under them: a multipart upload cut
 * by exit stays in the bucket (and is billed) until a sweep aborts it, a
 * temporary file stays on disk. Destroying the body makes the put fail the
 * ordinary way, which runs its cleanup.
 */
export class InFlightPuts {
  private readonly puts = new Map<Readable, Promise<unknown>>();
  private readonly aborted = new WeakSet<Readable>();

  async track<T>(body: Readable, put: () => Promise<T>): Promise<T> {
    const work = put();
    this.puts.set(body, work);
    try {
      return await work;
    } catch (err) {
      // Whatever the store's own complaint (a failed abort call, say), the caller learns it was shutdown.
      if (this.aborted.has(body) && !(err instanceof PutAbortedError)) throw new PutAbortedError({ cause: err });
      throw err;
    } finally {
      this.puts.delete(body);
    }
  }

  /** Fails every put still in flight and waits until each has cleaned up; resolves to how many there were. */
  async abortAll(): Promise<number> {
    const running = [...this.puts];
    for (const [body] of running) {
      this.aborted.add(body);
      body.destroy(new PutAbortedError());
    }
    await Promise.allSettled(running.map(([, work]) => work));
    return running.length;
  }
}
