import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FACE_TRACKING_BASE } from '../src/features/remote-participation/tracking/face-tracking-base';

/** Human's package folder (its exports name no package.json: found from its main entry, dist/). */
function humanRoot() {
  return path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')));
}

/**
 * The files a remote participant's face tracking loads, from the registry packages that ship them:
 * Human's face detector, mesh, iris and expression models (MediaPipe BlazeFace, FaceMesh and Iris,
 * Apache 2.0; Oarriaga's emotion model, MIT) and the WebAssembly of TensorFlow.js's wasm backend
 * (Apache 2.0), the version Human bundles. Nothing is downloaded at run time from anywhere else.
 */
export function faceTrackingFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const humanModels = path.join(humanRoot(), 'models');
  const wasmDist = path.join(
    path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
    'dist',
  );
  const files = new Map<string, string>();
  for (const model of ['blazeface', 'facemesh', 'iris', 'emotion'])
    for (const extension of ['json', 'bin'])
      files.set(`${model}.${extension}`, path.join(humanModels, `${model}.${extension}`));
  for (const wasm of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'])
    files.set(wasm, path.join(wasmDist, wasm));
  return files;
}

/** `face-engine` (tracking/face-engine.d.ts) is Human's browser build, TensorFlow.js bundled. */
export function faceEngineAlias(): Record<string, string> {
  return { 'face-engine': path.join(humanRoot(), 'dist', 'human.esm.js') };
}

/** Copies the face-tracking files into the build, and serves them in development. */
export function faceTrackingAssets(): Plugin {
  const files = faceTrackingFiles();
  return {
    name: 'limbus-face-tracking-assets',
    generateBundle() {
      for (const [name, source] of files)
        this.emitFile({
          type: 'asset',
          fileName: `${FACE_TRACKING_BASE.slice(1)}${name}`,
          source: fs.readFileSync(source),
        });
    },
    configureServer(server) {
      server.middlewares.use(FACE_TRACKING_BASE, (request, response, next) => {
        const source = files.get((request.url ?? '').slice(1).split('?')[0] ?? '');
        if (!source) return next();
        response.setHeader(
          'Content-Type',
          source.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        fs.createReadStream(source).pipe(response);
      });
    },
  };
}
