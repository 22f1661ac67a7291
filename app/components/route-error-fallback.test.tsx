import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteErrorFallback } from "./route-error-fallback";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("RouteErrorFallback", () => {
  it("shows the status and status text of a route error response", () => {
    const html = renderToStaticMarkup(
      <RouteErrorFallback error={new UNSAFE_ErrorResponseImpl(503, "Service Unavailable", null)} />,
    );
    expect(text(html)).toContain("Unexpected Application Error!");
    expect(text(html)).toContain("503 Service Unavailable");
  });

  it("shows a refusal's own words under its status", () => {
    const html = renderToStaticMarkup(
      <RouteErrorFallback
        error={new UNSAFE_ErrorResponseImpl(415, "Unsupported Media Type", { formError: "Send it as a form." })}
      />,
    );
    expect(text(html)).toContain("415 Unsupported Media Type Send it as a form.");
  });

  it("shows an error's message", () => {
    const html = renderToStaticMarkup(<RouteErrorFallback error={new Error("The shelf fell over")} />);
    expect(text(html)).toContain("Unexpected Application Error!");
    expect(text(html)).toContain("The shelf fell over");
  });

  it("shows the stack only in development", () => {
    const error = new Error("boom");
    error.stack = "Error: boom\n    at secretFunction (/srv/app/file.ts:1:1)";
    const html = renderToStaticMarkup(<RouteErrorFallback error={error} />);
    expect(import.meta.env.DEV).toBe(true); // Vitest runs in development mode
    expect(html).toContain("secretFunction");
  });

  it("serialises anything else", () => {
    const html = renderToStaticMarkup(<RouteErrorFallback error={{ reason: "odd" }} />);
    expect(text(html)).toContain("Unexpected Application Error!");
    expect(html).toContain("&quot;reason&quot;: &quot;odd&quot;");
  });
});
