import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { clockEnv } from "./clock.ts";
import { ROOT } from "./server.ts";

const run = promisify(execFile);

/** Runs the real command line (`npm run hub -- …`), as an operator would, against `url`. */
export async function runHubCli(url: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(ROOT, "server/cli/hub.ts"), ...args, "--url", url],
      {
        env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...clockEnv(), ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
