import { createFileStorage } from './adapters/files/sealed.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { isEmpty, seedDemoAccounts } from './db/seed.ts';
import { seedCatalogue } from './db/seed-catalogue.ts';
import { seedDemoOperators } from './db/seed-operators.ts';
import { sealMigratedValues } from './db/start-sealing.ts';
import { type MoveReport, moveLocalDocuments } from './modules/documents/move-local.ts';

export interface OpenedDatabase extends DatabaseHandle {
  /** demo accounts created by this start (first start of an empty embedded database) */
  seeded: string[];
  /** documents moved by this start from plain files under FILE_DIR into the sealed store */
  movedDocuments: MoveReport;
}

/**
 * Opens (and locks) the database, applies the migrations, adds the missing reference data (products, agreement
 * texts), moves the documents still kept as plain files into the sealed store, and seeds the demo accounts into an
 * empty embedded database.
 */
export async function openAndMigrate(
  config: Config,
  options: { seedIfEmpty: boolean },
): Promise<OpenedDatabase> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    await sealMigratedValues(handle.db, config);
    const movedDocuments = await moveLocalDocuments(handle.db, createFileStorage(config, handle.db));
    await seedCatalogue(handle.db);
    // demo accounts: never in production, only into an empty embedded database
    const seed =
      options.seedIfEmpty &&
      config.environment !== 'production' &&
      handle.kind === 'pglite' &&
      (await isEmpty(handle.db));
    const seeded = seed
      ? [...(await seedDemoAccounts(handle.db, config)), ...(await seedDemoOperators(handle.db, config))]
      : [];
    return { ...handle, seeded, movedDocuments };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
