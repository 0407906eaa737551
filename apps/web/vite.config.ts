import { defaultClientConditions, defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';

// 'qi-source' makes @qi/engine resolve to its TypeScript source, so the app never waits for an engine build;
// base './' lets the built page run from any path (a file server subfolder, GitHub Pages, a zip).
// vite-plugin-pwa writes the web app manifest and a Workbox service worker that precaches the whole build, the AI
// worker included, so that after one visit the app (and Qi) works with the network off.
export default defineConfig({
  base: './',
  plugins: [
    svelte(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'Qi · 棋 — Go, Gomoku, Reversi, Chinese Checkers',
        short_name: 'Qi 棋',
        description: 'Play and study Go, Gomoku/Renju, Reversi and Chinese Checkers against Qi or with friends on one screen.',
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#f3eee4',
        theme_color: '#f3eee4',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // bin: the Reversi pattern weights (ai-worker data/reversi-weights.bin), an asset the AI worker fetches.
        globPatterns: ['**/*.{js,css,html,svg,png,json,woff2,bin}'],
        // The source maps stay out of the cache (they are for developers, and large).
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled as soon as the worker activates, so it works offline from then on.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: { conditions: ['qi-source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
