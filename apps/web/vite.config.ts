import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserRouteTable } from './build/browser-route-table';
import { faceEngineAlias, faceTrackingAssets } from './build/face-tracking-assets';
import { mantineStyles } from './build/mantine-styles';
import { mantineUseId } from './build/mantine-use-id';
import { routePreloads } from './build/route-preloads';

const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|wasm)$/;
/** Files smaller than this are sent as they are: a compressed copy would save less than a packet. */
const MIN_BYTES = 1024;

/**
 * Brotli and gzip copies of the built text files beside them (name.br, name.gz), which the server
 * sends to browsers that accept them (@fastify/static preCompressed): compressed once at build
 * at the best ratio instead of per request. The JavaScript of a results screen is ~1.5 MB raw and
 * ~0.4 MB as brotli, which decides a phone's first paint on a slow network (Lighthouse mobile).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'limbus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const name of fs.readdirSync(outDir, { recursive: true }).map(String)) {
        const file = path.join(outDir, name);
        if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    browserRouteTable('../../packages/contract/src'),
    mantineStyles(),
    mantineUseId(),
    routePreloads(),
    faceTrackingAssets(),
    precompress(),
  ],
  resolve: { alias: faceEngineAlias() },
  server: { proxy: api },
  preview: { proxy: api },
  // package.json declares the app's modules free of side effects (CSS apart): a feature's index.ts
  // then costs a screen only the exports it uses. Without it, every module an index names went
  // into the first load of a screen that used one of its exports (the participants' queries
  // through their index put 52 KB gzipped more into the shell). The bundler then also drops the
  // top-level statements of such a module that no export needs: a module that runs for its effects
  // must be an entry (main.tsx, a worker), CSS, or listed there (ui/charts/echarts-core.ts, whose
  // `echarts.use` registers the charts; without it every ECharts chart stayed blank).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Each icon was a chunk of its own (about 1 KB): a results screen fetched 10–14 of them,
            // request after request on a phone's connection. All icons the app uses are 8 KB gzipped.
            { name: 'icons', test: /@tabler[\\/]icons-react/ },
            // Mantine's components were some 30 chunks of 1–10 KB for a results screen; each costs
            // the page a request and its preload ~1–2 ms of the main thread. The components that
            // eight or more screens share are one chunk (the shell stays under its 250 KB budget).
            { name: 'mantine', test: /@mantine[\\/](core|hooks)|@floating-ui/, minShareCount: 8 },
          ],
        },
      },
    },
  },
});
