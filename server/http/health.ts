import type { RequestHandler } from "express";
import type { Database } from "../db/client.ts";

const PING_TIMEOUT_MS = 2000;

/** 200 when the database answers, 503 when it does not (or not in time). */
export function healthRoute(database: Database): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), PING_TIMEOUT_MS).unref()),
      ]);
      res.json({ status: "ok", database: { engine: database.engine, status: "up", ...(database.engine === "sqlite" ? { journal_mode: "wal", synchronous: "full" } : {}) } });
    } catch {
      res.status(503).json({ status: "unavailable", database: { engine: database.engine, status: "down" } });
    }
  };
}
