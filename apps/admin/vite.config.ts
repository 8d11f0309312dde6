import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// Served under /admin/ by the reference server (see src/server/admin-app.ts); `pnpm dev` proxies the API
// to a server on :3000 (API_PROXY_TARGET to point elsewhere) so the session cookie stays same-origin.
export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  // Workspace packages (the API client) from their TypeScript sources, so no build of theirs is needed first.
  resolve: { conditions: ["source", ...defaultClientConditions] },
  build: {
    outDir: "dist/spa",
    emptyOutDir: true,
    sourcemap: true,
    // The budget that matters is the first page's gzip size (issue 32: at most 250 KB), not Vite's default.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: process.env.API_PROXY_TARGET ?? "http://127.0.0.1:3000", changeOrigin: false } },
  },
});
