import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestCertificate {
  /** PEM files: the key, and the certificate (its own CA, so it is also what a client is told to trust). */
  keyFile: string;
  certFile: string;
  key: Buffer;
  cert: Buffer;
  remove(): void;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by openssl for
 * this test run and thrown away after it (no private key is kept in the
 * repository). A server process trusts it through NODE_EXTRA_CA_CERTS, as an
 * operator trusts a private CA.
 */
export function makeTestCertificate(): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "proofline-cert-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  return {
    keyFile,
    certFile,
    key: fs.readFileSync(keyFile),
    cert: fs.readFileSync(certFile),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
