import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.VITE_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      output: {
        // What the first page needs (main.tsx and everything it imports statically) as one chunk.
        // Left to itself the bundler cuts it into dozens of chunks wherever a lazy screen shares a
        // module, and each chunk gzips on its own: 52 files and 338 kB for /login, against one
        // chunk and 317 kB (bench/README.md, issue #6 budgets).
        codeSplitting: { groups: [{ name: 'boot', test: /src[\\/]main\.tsx$/, includeDependenciesRecursively: true }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      // STACK trap 3: the socket needs ws: true through the proxy.
      '/socket.io': { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
});
