import type { Page, Request } from "playwright-core";

export interface Gate {
  /** Lets every held request (and any later one) through. */
  open(): void;
}

/**
 * Holds the page's matching requests until `open()` is called, so a test can
 * see what the page shows while it waits (loading texts, skeletons, disabled forms).
 */
export async function gate(page: Page, matches: (url: URL, request: Request) => boolean): Promise<Gate> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    () => true,
    async (route) => {
      const request = route.request();
      if (!matches(new URL(request.url()), request)) return route.fallback();
      await opened;
      await route.continue();
    },
  );
  return { open };
}

/** React Router's data requests for client-side navigations (`/recap.data?...`). */
export const isRouteData = (url: URL) => url.pathname.endsWith(".data");
