import { seedAgreementVersions } from '../modules/agreements/seed.ts';
import { seedOpsRoles } from '../modules/ops/roles.ts';
import { seedProducts } from '../modules/products/service.ts';
import type { Database } from './client.ts';

/**
 * Reference data every database needs, on PGlite and PostgreSQL alike: the products and the agreement
 * texts, the console's starting roles. Idempotent (inserts what is missing, never overwrites), run at every start and by `npm run seed`.
 */
export async function seedCatalogue(db: Database, now: Date = new Date()): Promise<void> {
  await seedProducts(db, now);
  await seedAgreementVersions(db, now);
  await seedOpsRoles(db, now);
}
