import { randomUUID } from "node:crypto";

/** Asks a running site's Ask Eddy one question through /api/chat (a conversation's turn when `uuid` is given); resolves to the answer. */
export async function askEddy(siteUrl: string, message: string, uuid: string = randomUUID()): Promise<string> {
  const res = await fetch(`${siteUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      message,
      uuid,
      timestamp: new Date().toISOString(),
      deepresearchStatus: "false",
      retryAttempt: 0,
    }),
  });
  if (res.status !== 200) throw new Error(`/api/chat answered ${res.status}`);
  return ((await res.json()) as { output: string }).output;
}
