import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The manifest tells the server the built name of the islands script (server/http/app.ts).
  build: { target: "es2022", manifest: true },
  environments: {
    // The islands of plain-HTML pages: an entry of their own, fetched after the page has loaded.
    client: { build: { rollupOptions: { input: ["./app/islands/islands-entry.ts"] } } },
    // The server bundle's entry is our HTTP app, which mounts the React Router
    // build: route modules and the server share one module graph, and so one router context.
    ssr: { build: { target: "node24", rollupOptions: { input: "./server/http/app.ts" } } },
  },
  // Packages of hundreds of small modules are bundled into the server build: resolving each of
  // their files at start cost a server 1.7 s of its 4.5 s start, and every test starts many.
  // Packages the plain-Node entry (server/main.ts) also loads stay external, so one copy runs.
  ssr: { noExternal: ["date-fns", "feedsmith", "undici"] },
  plugins: [tailwindcss(), reactRouter()],
});
