import { migrateToLatest, openDatabase } from "../index.js";

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  const { results } = await migrateToLatest(handle.db);
  for (const r of results ?? []) console.log(`${r.status}: ${r.migrationName}`);
  console.log(`database (${handle.kind}) is up to date`);
} finally {
  await handle.close();
}
