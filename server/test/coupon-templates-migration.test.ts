import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { columnsOf, databaseBefore } from './helpers/migrations.ts';

/**
 * Migration 0028 on a database from before: the coupons already issued keep their state and terms with no
 * template; a coupon may now be REVOKED; a template's rule coupon is once per borrower by a unique index.
 */
describe('migration 0028 (coupon templates)', () => {
  it('keeps the coupons issued before, allows 作废, and holds the rule coupon to one per borrower', async () => {
    const { db, migrateRest, close } = await databaseBefore('0028_coupon_templates');
    try {
      await db.execute(sql`insert into users (id, login_id, password_hash, user_name_cn)
        values (1, 'old1', 'x', '老用户')`);
      await db.execute(sql`insert into coupons (user_id, kind, title, amount_off_fen, threshold_fen, valid_from,
          valid_until, source, state, created_at, updated_at)
        values (1, 'AMOUNT_OFF', '老券', 2000, 5000, timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-12-27T02:00:00Z', 'OPERATOR', 'AVAILABLE',
          timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-11-27T02:00:00Z')`);
      await migrateRest();

      expect(await columnsOf(db, 'coupons')).toEqual(
        expect.arrayContaining(['template_id', 'revoked_at', 'revoked_by', 'revoke_reason']),
      );
      const [old] = (await db.execute(sql`select state, template_id, amount_off_fen from coupons`)).rows as {
        state: string;
        template_id: number | null;
        amount_off_fen: string | number;
      }[];
      expect(old).toMatchObject({ state: 'AVAILABLE', template_id: null });
      expect(Number(old?.amount_off_fen)).toBe(2000);

      await db.execute(
        sql`update coupons set state = 'REVOKED', revoked_at = timestamptz '2026-11-27T02:00:00Z'`,
      );
      await expect(db.execute(sql`update coupons set state = 'VOID'`)).rejects.toThrow();

      await db.execute(sql`insert into coupon_templates (id, name, kind, valid_days, trigger, created_at, updated_at)
        values (1, '认证礼券', 'FREE_FEE', 7, 'CERTIFIED', timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-11-27T02:00:00Z')`);
      const rule = sql`insert into coupons (user_id, kind, title, valid_from, valid_until, source, template_id,
          created_at, updated_at)
        values (1, 'FREE_FEE', '认证礼券', timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-12-04T02:00:00Z', 'RULE', 1, timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-11-27T02:00:00Z')`;
      await db.execute(rule);
      await expect(db.execute(rule)).rejects.toThrow();
      // both a fixed end and days, or neither: refused
      await expect(
        db.execute(sql`insert into coupon_templates (name, kind, created_at, updated_at)
          values ('无期限', 'FREE_FEE', timestamptz '2026-11-27T02:00:00Z', timestamptz '2026-11-27T02:00:00Z')`),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
