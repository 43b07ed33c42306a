import { beforeAll, inject } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.js';

/**
 * A test app and what `build` makes in it, built once per test process and shared by every
 * file that runs there. The route matrix (project server-matrix in vitest.config.ts) runs its
 * module files in one process without isolation, so they share one app per suite instead of
 * paying for a database, its migrations and an app each. Every row makes the resources it
 * touches anew, so the files do not depend on each other or on their order. The app stays open
 * until the process ends; the project's global setup (matrix-global-setup.ts) removes its files.
 *
 * Returns a hook for a file: it fills the context it returns before the file's tests run.
 */
export function sharedPerProcess<T extends object>(build: (t: TestApp) => Promise<T>): () => T {
  let built: Promise<T> | undefined;
  return () => {
    const context = {} as T;
    beforeAll(async () => {
      built ??= createTestApp({}, inject('matrixPlace')).then(build);
      Object.assign(context, await built);
    });
    return context;
  };
}
