// The spec's words for /chat (sections 2, 4, 8 and 9), in one place.
export const PLACEHOLDER = "Ask about market trends, brand performance, or industry insights...";
export const THINKING = "Thinking...";
export const DEEP_IN_PROGRESS = "Deep research in progress...";
export const DEEP_TOGGLE = "Deep Research";
export const DEEP_TOGGLE_HINT = "Enhanced analysis with external sources";
export const DEEP_WAIT_NOTE =
  "This may take up to 10 minutes. I'm analyzing external sources for comprehensive insights.";
export const DEEP_STILL_PROCESSING = "⏱️ Still processing... Your research is continuing in the background.";
export const DEEP_ALMOST_DONE = "🔍 Complex research in progress... Almost done!";
export const SUGGESTIONS_TITLE = "Try asking about:";
export const SUGGESTIONS = [
  "What's trending in tequila in New York?",
  "Compare the recent activity of Diageo and Pernod Ricard",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
] as const;
/** Marks a streamed reply the visitor stopped, and one the connection cut off (issue 15; not in the spec). */
export const STOPPED = "_Stopped._";
export const CUT_OFF = "_The answer was cut off. Please try again._";
export const STOP = "Stop";
export const NO_OUTPUT = "I received your message! Let me process that for you.";
export const greeting = (name: string) =>
  `Hi! I'm ${name}, your spirits industry intelligence assistant. What would you like to know about the beverage alcohol market?`;
export const retryNotice = (seconds: number, attempt: number) =>
  `Connection issue detected. Retrying in ${seconds} seconds... (Attempt ${attempt}/3)`;
export const ERRORS = {
  deepTimeout:
    "Deep research timed out after 15 minutes. This may indicate a very complex query. Try breaking your question into smaller, more specific parts, or disable deep research for faster responses.",
  timeout:
    "Request timed out after 2 minutes. The service may be experiencing high load. Please try again or enable deep research for more processing time.",
  server:
    "Server error occurred. The workflow-automation service may be temporarily overloaded. Please wait a moment and try again.",
  network: "Network connection error. Please check your internet connection and try again.",
  other: "Sorry, I'm having trouble connecting right now. Please try again.",
} as const;

/** Section 9 (the two deadlines are the server's too). */
export { CHAT_TIMEOUT_MS, DEEP_RESEARCH_TIMEOUT_MS } from "#common/chat/chat-deadlines.ts";
export const MAX_RETRIES = 2;
export const RETRY_BASE_MS = 3_000;
export const STILL_PROCESSING_AFTER_S = 120;
export const ALMOST_DONE_FROM_S = 480;
