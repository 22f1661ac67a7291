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
  plugins: [tailwindcss(), reactRouter()],
});
