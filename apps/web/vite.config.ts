import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API server runs on 5173 and Vite serves the app on 5172 (the product's port),
// passing /api through, so the browser sees one origin as in production.
export default defineConfig({
  plugins: [react()],
  server: { port: 5172, strictPort: true, proxy: { '/api': 'http://localhost:5173' } },
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
