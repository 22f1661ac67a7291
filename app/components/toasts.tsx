import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { useHydrated } from "../hooks/use-hydrated";

// Toasts only follow an action (a comment posted, a link copied), so sonner is
// left out of every page's first load and fetched once the page has hydrated.
let markReady!: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));

const Toaster = lazy(async () => {
  const { Toaster: Sonner } = await import("sonner");
  function ReadyToaster(props: ComponentProps<typeof SonnerToaster>) {
    useEffect(() => markReady(), []);
    return <Sonner {...props} />;
  }
  return { default: ReadyToaster };
});

/** The page's toast area (mounted once, in the root layout). */
export function Toasts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton duration={5000} />
    </Suspense>
  );
}

/** Shows a toast: "error" is the destructive style. */
export async function notify(kind: "success" | "error" | "info", title: string, description?: string): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), ready]);
  toast[kind](title, description === undefined ? undefined : { description });
}
