import type { Database } from '../../db/client.ts';
import { agreementVersions } from '../../db/schema.ts';
import { sha256Hex } from './service.ts';
import { AGREEMENT_TEXTS } from './texts.ts';

/**
 * Idempotent: inserts every version of texts.ts that the database lacks (by kind and version), with
 * text_hash = sha256 hex of the body. Never updates a published text. A text dated after `now` is
 * published at `now`. Returns the number of versions inserted.
 */
export async function seedAgreementVersions(db: Database, now: Date = new Date()): Promise<number> {
  let inserted = 0;
  for (const text of AGREEMENT_TEXTS) {
    const dated = new Date(text.publishedAt);
    const rows = await db
      .insert(agreementVersions)
      .values({
        kind: text.kind,
        version: text.version,
        title: text.title,
        body: text.body,
        textHash: sha256Hex(text.body),
        publishedAt: dated.getTime() > now.getTime() ? now : dated,
      })
      .onConflictDoNothing()
      .returning({ id: agreementVersions.id });
    inserted += rows.length;
  }
  return inserted;
}
