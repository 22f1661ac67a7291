// The keys that remove the conversations this browser shared, kept in its local
// storage: only the person who shared a conversation can take it down.

const KEY = "proofline-chat-shares";

export interface ShareKey {
  id: string;
  removeKey: string;
  expiresAt: string;
}

function read(): ShareKey[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as ShareKey[]).filter((k) => typeof k?.id === "string") : [];
  } catch {
    return [];
  }
}

function write(keys: ShareKey[]) {
  try {
    const now = Date.now();
    localStorage.setItem(KEY, JSON.stringify(keys.filter((k) => Date.parse(k.expiresAt) > now)));
  } catch {
    // Private modes may refuse storage: the link still works, it just cannot be removed from here.
  }
}

export const shareKeyOf = (id: string) => read().find((k) => k.id === id);
export const keepShareKey = (key: ShareKey) => write([...read().filter((k) => k.id !== key.id), key]);
export const forgetShareKey = (id: string) => write(read().filter((k) => k.id !== id));

/** Removes a shared conversation with this browser's key; the server's own words on failure. */
export async function removeShare(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const key = shareKeyOf(id);
  if (!key) return { ok: false, message: "This browser does not hold the key to remove it." };
  try {
    const res = await fetch(`/api/chat/shares/${encodeURIComponent(id)}`, {
      method: "DELETE",
      headers: { "X-Remove-Key": key.removeKey },
    });
    if (res.ok || res.status === 404) {
      forgetShareKey(id);
      return { ok: true };
    }
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    return { ok: false, message: body.error ?? "It could not be removed. Try again." };
  } catch {
    return { ok: false, message: "The hub could not be reached. Try again." };
  }
}
