import { fork } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * The SMTP sink (smtp-server, keeping envelopes only) in a process of its own,
 * as a real mail server is: the sender's writes wake that process, not the
 * test's. The crash test needs this: with the sink inside the test process,
 * every message arriving woke the very process that then sent SIGKILL, so the
 * kill came, far more often than any real crash would, in the instant after a
 * final dot had left and before the sender's next system call.
 */
export interface SmtpSinkProcess {
  url: string;
  /** The envelope recipients of every message received in full, in order of arrival. */
  received(): Promise<string[][]>;
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

type Reply = { id: number; received: string[][] | number };

/** TLS as in SinkOptions, with the key and certificate as files the child process reads. */
export interface SinkProcessTls {
  mode: "starttls" | "implicit";
  keyFile: string;
  certFile: string;
}

export async function startSmtpSinkProcess(tls?: SinkProcessTls): Promise<SmtpSinkProcess> {
  const args = ["--child", ...(tls ? [tls.mode, tls.keyFile, tls.certFile] : [])];
  const child = fork(import.meta.filename, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [ready] = (await once(child, "message")) as [{ url: string }];
  let next = 0;
  const ask = async <T extends string[][] | number>(countOnly: boolean): Promise<T> => {
    const id = ++next;
    const reply = new Promise<T>((resolve, reject) => {
      const onMessage = (m: Reply) => {
        if (m.id !== id) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m.received as T);
      };
      const onExit = () => reject(new Error("the SMTP sink process exited"));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
    child.send({ id, countOnly });
    return reply;
  };
  return {
    url: ready.url,
    received: () => ask<string[][]>(false),
    async waitFor(count, ms = 10_000) {
      for (const giveUp = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 25))) {
        const got = await ask<number>(true);
        if (got >= count) return;
        if (Date.now() > giveUp) throw new Error(`expected ${count} messages, got ${got}`);
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (process.argv.includes("--child") && process.send) {
  const [mode, keyFile, certFile] = process.argv.slice(process.argv.indexOf("--child") + 1);
  const tls =
    mode === "starttls" || mode === "implicit"
      ? ({ mode, key: fs.readFileSync(keyFile!), cert: fs.readFileSync(certFile!) } as const)
      : undefined;
  const sink = await startSmtpSink({ parse: false, tls });
  process.on("message", (m: { id: number; countOnly: boolean }) =>
    process.send!({ id: m.id, received: m.countOnly ? sink.received.length : sink.received }),
  );
  process.on("SIGTERM", () => void sink.stop().finally(() => process.exit(0)));
  process.send({ url: sink.url });
}
