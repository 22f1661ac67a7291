import { notify } from "../../components/toasts";

/** Puts `text` on the clipboard and says so; when the browser refuses, says where to copy it from. */
export async function copyText(text: string, done: { title: string; description: string }) {
  try {
    await navigator.clipboard.writeText(text);
    void notify("success", done.title, done.description);
  } catch {
    void notify("info", "Could not copy", "Your browser did not allow the clipboard. Copy it from the box.");
  }
}
