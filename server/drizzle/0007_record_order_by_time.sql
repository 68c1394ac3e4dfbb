DROP INDEX "applications_user_idx";--> statement-breakpoint
DROP INDEX "applications_user_state_idx";--> statement-breakpoint
DROP INDEX "applications_user_bank_idx";--> statement-breakpoint
DROP INDEX "loans_user_status_idx";--> statement-breakpoint
-- Loan records are ordered newest first by the application's (created_at, id), so a date range starts where
-- its index range starts. A loan keeps a copy of its application's created_at (it never changes) so that the
-- list filtered by loan status can walk the loans' own index in the same order.
ALTER TABLE "loans" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
UPDATE "loans" SET "applied_at" = "applications"."created_at" FROM "applications" WHERE "applications"."id" = "loans"."application_id";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "applied_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_user_created_idx" ON "applications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_user_state_created_idx" ON "applications" USING btree ("user_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_user_bank_created_idx" ON "applications" USING btree ("user_id","bank","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_user_status_applied_idx" ON "loans" USING btree ("user_id","status","applied_at","application_id");--> statement-breakpoint
-- The transaction totals read all of a borrower's per-day rows in the range: the primary key carries the sums
-- so that is an index-only scan, not one heap page per day.
ALTER TABLE "ledger_daily_totals" DROP CONSTRAINT "ledger_daily_totals_pkey";--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_pkey" PRIMARY KEY ("user_id","day","type") INCLUDE ("amount_fen","principal_fen","interest_fen","penalty_fen","fee_fen","line_count");
