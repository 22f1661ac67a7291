import type { Request } from "express";

/** The socket's address, or the one TRUST_PROXY lets Express take from X-Forwarded-For: the key of every per-client limit. */
export const requestAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";
