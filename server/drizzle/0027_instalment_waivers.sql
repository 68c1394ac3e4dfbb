ALTER TABLE "instalments" ADD COLUMN "waived_fee_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "waived_penalty_fen" bigint DEFAULT 0 NOT NULL;