import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// In development the Vite server (http://localhost:3000) serves the client with hot reload and
// forwards /api, /healthz and /readyz to the API server that `npm run dev` starts on API_PORT.
const apiPort = process.env.API_PORT ?? "3001";
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Browser-visible settings are explicit and few: only PUBLIC_* variables reach the client.
  envPrefix: "PUBLIC_",
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { "/api": api, "/healthz": api, "/readyz": api },
  },
});
