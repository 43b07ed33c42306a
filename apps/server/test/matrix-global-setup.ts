import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { TestAppPlace } from './create-test-app.js';
import { dropTestDatabases } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the route matrix's shared apps keep their files and databases during this run. */
    matrixPlace: Required<TestAppPlace>;
  }
}

/**
 * Global setup of the server-matrix project: its shared apps (shared-per-process.ts) live until
 * their test process is killed, so they cannot clean up after themselves; this removes their
 * files and PostgreSQL databases once the run is over.
 */
export default function setupMatrixRun(project: TestProject): () => Promise<void> {
  const place = {
    dataRoot: fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-matrix-')),
    databasePrefix: `limbus_matrix_${randomBytes(4).toString('hex')}`,
  };
  project.provide('matrixPlace', place);
  return async () => {
    fs.rmSync(place.dataRoot, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) await dropTestDatabases(serverUrl, place.databasePrefix);
  };
}
