import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  build: { target: "es2022" },
  environments: {
    // The server bundle's entry is our HTTP app, which mounts the React Router
    // build: route modules and the server share one module graph, and so one router context.
    ssr: { build: { target: "node24", rollupOptions: { input: "./server/http/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
