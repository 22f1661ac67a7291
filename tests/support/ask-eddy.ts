import { randomUUID } from "node:crypto";

/** Ask Eddy's reply to one question: its text and the id the server keeps the answer under. */
export interface EddyReply {
  output: string;
  answerId: string;
}

/** Asks a running site's Ask Eddy one question through /api/chat (a conversation's turn when `uuid` is given); resolves to the reply. */
export async function askEddyReply(siteUrl: string, message: string, uuid: string = randomUUID()): Promise<EddyReply> {
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
  return (await res.json()) as EddyReply;
}

/** Asks a running site's Ask Eddy one question (see askEddyReply); resolves to the answer's text. */
export async function askEddy(siteUrl: string, message: string, uuid: string = randomUUID()): Promise<string> {
  return (await askEddyReply(siteUrl, message, uuid)).output;
}
