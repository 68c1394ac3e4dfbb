-- service_fees is replaced by fee_items: loans disbursed since 0011 get their fee items first (the same backfill,
-- idempotent), then the old table goes.
INSERT INTO "fee_items" ("user_id", "loan_id", "instalment_id", "kind", "seq", "due_date", "amount_fen", "paid_fen",
  "waived_fen", "paid_at", "updated_at", "created_at")
SELECT l."user_id", l."id", i."id", 'INSTALMENT', i."seq", i."due_date", i."fee_fen", i."paid_fee_fen",
  CASE WHEN i."status" = 'SETTLED_EARLY' THEN i."fee_fen" - i."paid_fee_fen" ELSE 0 END,
  CASE WHEN i."paid_fee_fen" = i."fee_fen" THEN i."paid_at" END, now(), l."disbursed_at"
FROM "instalments" i JOIN "loans" l ON l."id" = i."loan_id"
WHERE i."fee_fen" > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "fee_items" ("user_id", "loan_id", "kind", "seq", "due_date", "amount_fen", "paid_fen", "refunded_fen",
  "paid_at", "updated_at", "created_at")
SELECT f."user_id", f."loan_id", 'UPFRONT', 0,
  to_char((l."disbursed_at" AT TIME ZONE 'Asia/Shanghai')::date + 7, 'YYYY-MM-DD'), f."amount_fen",
  CASE WHEN f."status" IN ('PAID', 'REFUNDED') THEN f."amount_fen" ELSE 0 END,
  CASE WHEN f."status" = 'REFUNDED' THEN f."amount_fen" ELSE 0 END,
  f."paid_at", now(), l."disbursed_at"
FROM "service_fees" f JOIN "loans" l ON l."id" = f."loan_id"
WHERE NOT EXISTS (SELECT 1 FROM "instalments" i WHERE i."loan_id" = f."loan_id" AND i."fee_fen" > 0)
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "service_fees" CASCADE;
