import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build-plugins/precompress';
import { preloadFont } from './build-plugins/preload-font';

// The Go server serves the API and the dev outbox; `npm run dev` forwards to it.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // precompress writes .br/.gz beside the built files for the Go server (web/embed.go).
  plugins: [react(), preloadFont(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk for every icon: split, each page waited on a dozen
          // requests of a few hundred bytes, one round trip each on a phone.
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend },
      '/dev': { target: backend },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    css: false,
    // A few tests wait for real 600 ms replies; a loaded 2-core machine is slow.
    testTimeout: 20_000,
  },
});
