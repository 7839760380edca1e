import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './build-plugins/precompress';
import { preloadFont } from './build-plugins/preload-font';
import { ROUTE_CHUNKS_FILE, routeChunks } from './build-plugins/route-chunks';
import { shellChunk } from './build-plugins/shell-chunk';

// The Go server serves the API and the dev outbox; `npm run dev` forwards to it.
const backend = 'http://127.0.0.1:8080';

/**
 * The installable app: the manifest, and the service worker of src/sw.ts with
 * the app shell precached (every built script and style, the icons, and the
 * Latin subsets of the font; other scripts fall back to system fonts offline).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // Registered by src/features/offline/register-sw.ts, after the page has loaded.
  injectRegister: false,
  // .json: served as application/json by Go's own types on any system.
  manifestFilename: 'manifest.json',
  // The install icons are fetched by the browser when it needs them, not kept offline.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Musicify',
    short_name: 'Musicify',
    description: 'Your music, on your own server: stream, download for offline and share.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#09090b',
    theme_color: '#09090b',
    categories: ['music', 'entertainment'],
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,json}', 'assets/inter-latin-*.woff2'],
    globIgnores: ['sw.js', ROUTE_CHUNKS_FILE],
  },
  devOptions: { enabled: false },
});

const authPages = [
  'src/features/auth/components/AuthLayout.tsx',
  ...[
    'Register',
    'Login',
    'SignupCode',
    'ForgotPassword',
    'ResetCode',
    'GoogleSetup',
    'ChangePassword',
  ].map((page) => `src/features/auth/components/${page}Page.tsx`),
];
const shellRoots = [
  'src/app/guards/RequireSession.tsx',
  'src/features/home/components/HomePage.tsx',
];
/** The signed-in area's layout and Home in one file, the sign-in pages in another. */
const shell = shellChunk({ name: 'shell', roots: shellRoots, keepOut: authPages });
const auth = shellChunk({ name: 'auth', roots: authPages, keepOut: shellRoots });

export default defineConfig({
  // precompress writes .br/.gz beside the built files for the Go server (web/embed.go).
  plugins: [
    react(),
    preloadFont(),
    routeChunks(),
    shell.plugin,
    auth.plugin,
    ...(process.env.VITEST ? [] : [pwa]),
    precompress(),
  ],
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
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            shell.group,
            auth.group,
          ],
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
