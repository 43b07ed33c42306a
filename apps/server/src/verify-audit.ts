import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { verifyAudit } from './modules/audit/audit.service.js';

/**
 * `npm run audit:verify`: checks the audit trail's hash chain in the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR when no server holds it: a running server answers
 * the same check at GET /api/v1/audit/verification). Exits 1 when an entry was altered or removed.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const result = await verifyAudit({ db: database.db, clock: () => new Date() });
    process.stdout.write(`${result.entries} entries checked. ${result.reason}\n`);
    process.exitCode = result.is_intact ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write(
    'A running server answers the same check at GET /api/v1/audit/verification (staff).\n',
  );
  process.exit(2);
});
