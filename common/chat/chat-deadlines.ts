// Spec section 9: how long a reply may take. Shared by the page and the server, and free
// of dependencies so the page's bundle takes only these two numbers.
export const CHAT_TIMEOUT_MS = 120_000;
export const DEEP_RESEARCH_TIMEOUT_MS = 900_000;
