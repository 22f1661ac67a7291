/** What kind of thing went wrong talking to the SMTP server, as an operator needs to know it. */
export type SmtpFailureKind = "TLS" | "authentication" | "refused" | "timeout" | "connection";

const TLS_CODES =
  /^(ETLS|ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|HOSTNAME_MISMATCH)/;

/**
 * Names an SMTP failure by its kind, from nodemailer's error (its `code`, the
 * system or TLS error it wrapped in `originalCode`, and the server's reply code).
 * A certificate the client refuses is a TLS failure, not "the server closed the
 * connection": the operator must fix the trust (NODE_EXTRA_CA_CERTS) or the
 * server's name, not wait for the server.
 */
export function smtpFailureKind(err: unknown): SmtpFailureKind {
  const e = (err ?? {}) as { code?: unknown; originalCode?: unknown; responseCode?: unknown; message?: unknown };
  const codes = [e.code, e.originalCode].filter((c): c is string => typeof c === "string");
  const message = typeof e.message === "string" ? e.message : "";
  if (codes.some((c) => TLS_CODES.test(c)) || /certificate|\bTLS\b|\bSSL\b|handshake/i.test(message)) return "TLS";
  if (codes.includes("EAUTH") || e.responseCode === 535 || e.responseCode === 534) return "authentication";
  if (codes.includes("ETIMEDOUT")) return "timeout";
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return "refused";
  return "connection";
}

/** One line for the log and the delivery's record: the kind first, then what the client or the server said. */
export function describeSmtpFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `${smtpFailureKind(err)}: ${message}`.slice(0, 300);
}
