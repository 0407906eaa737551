import { defaultClientConditions, defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// 'qi-source' makes @qi/engine resolve to its TypeScript source, so the app never waits for an engine build;
// base './' lets the built page run from any path (a file server subfolder, GitHub Pages, a zip).
export default defineConfig({
  base: './',
  plugins: [svelte()],
  resolve: { conditions: ['qi-source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
