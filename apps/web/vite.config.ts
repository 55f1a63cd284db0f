import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";

const apiTarget = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Resolve @cohort/common to its TypeScript sources instead of the built output.
    conditions: ["cohort-source", ...defaultClientConditions],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/upload": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code; a separate file stays cached across releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Libraries only some admin pages load on demand (CSV parsing) stay in their own chunks.
            { name: "vendor", test: /node_modules[\\/](?!papaparse[\\/])/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
  },
});
