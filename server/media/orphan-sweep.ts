import type { Logger } from "../logger.ts";
import type { MediaStore } from "./media-store.ts";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the store's sweep of crash leftovers (see MediaStore.sweepOrphans) now
 * and then hourly, in the background: a failed sweep is logged and tried again
 * at the next turn, never stops the server. Returns a stop function.
 */
export function startOrphanSweep(store: MediaStore, logger: Logger, ageSeconds: number): () => void {
  let warnedUnlisted = false;
  const sweep = async () => {
    try {
      const result = await store.sweepOrphans(new Date(Date.now() - ageSeconds * 1000));
      if (!result.listedUploads && !warnedUnlisted) {
        warnedUnlisted = true;
        logger.warn(
          "the object store cannot list multipart uploads: unfinished ones must be expired by the store's own lifecycle rule (see docs/media-storage.md)",
        );
      }
      logger.info(
        { abortedUploads: result.abortedUploads, removedTemps: result.removedTemps, ageSeconds },
        "media sweep",
      );
    } catch (err) {
      logger.error({ err }, "media sweep failed");
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}
