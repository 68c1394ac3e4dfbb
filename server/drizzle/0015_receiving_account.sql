CREATE TABLE "receiving_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"paid_method" text,
	"payout_state" text,
	"payout_checked_at" timestamp with time zone,
	"payout_destination_masked" text,
	"diverted_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout_pointings" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"account_no" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender_bank" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no_enc" text NOT NULL,
	"account_no_masked" text NOT NULL,
	"deposit_fen" integer NOT NULL,
	"state" text NOT NULL,
	"wrong_entries" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"correct" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_account_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sub_account_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank" text NOT NULL,
	"state" text NOT NULL,
	"company_name" text NOT NULL,
	"uscc" text NOT NULL,
	"request_ref" text NOT NULL,
	"account_no_enc" text,
	"account_no_masked" text,
	"fail_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_bank_jobs" ADD COLUMN "callback_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "receiving_settings" ADD CONSTRAINT "receiving_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_checks" ADD CONSTRAINT "settlement_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_check_id_settlement_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."settlement_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_events" ADD CONSTRAINT "sub_account_events_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_checks_user_idx" ON "settlement_checks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "settlement_entries_user_idx" ON "settlement_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sub_account_events_account_idx" ON "sub_account_events" USING btree ("sub_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_request_ref_key" ON "sub_accounts" USING btree ("bank","request_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_one_opening" ON "sub_accounts" USING btree ("user_id") WHERE state = 'OPENING';--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_one_open" ON "sub_accounts" USING btree ("user_id") WHERE state = 'OPEN';--> statement-breakpoint
CREATE INDEX "sub_accounts_user_idx" ON "sub_accounts" USING btree ("user_id","id");--> statement-breakpoint
-- the sandbox sub-accounts written into users before now become OPEN accounts at the bank named in open_bank
-- (their numbers were stored plainly: kept with the "legacy:" mark and sealed at the next start, start.ts),
-- and the repayment method moves to receiving_settings; then the user columns go.
INSERT INTO "sub_accounts" ("user_id", "bank", "state", "company_name", "uscc", "request_ref", "account_no_enc",
  "account_no_masked", "requested_at", "opened_at", "updated_at")
SELECT u."id",
  CASE u."open_bank" WHEN '云南国际信托' THEN 'YNIT' WHEN '广发银行' THEN 'CGB' WHEN '富友支付' THEN 'FUIOU'
    WHEN '上海华瑞银行' THEN 'SHRB' WHEN '华润银行' THEN 'CRBANK' ELSE 'FUIOU' END,
  'OPEN', COALESCE(c."company_name", ''), COALESCE(c."uscc", ''), 'legacy-' || u."id",
  'legacy:' || u."sub_acc_no",
  CASE WHEN length(u."sub_acc_no") > 8
    THEN left(u."sub_acc_no", 4) || ' **** **** ' || right(u."sub_acc_no", 4) ELSE '********' END,
  now(), now(), now()
FROM "users" u LEFT JOIN "loan_certifications" c ON c."user_id" = u."id"
WHERE u."sub_acc_no" IS NOT NULL AND u."sub_acc_no" <> '';--> statement-breakpoint
INSERT INTO "sub_account_events" ("sub_account_id", "from_state", "to_state", "event", "actor", "reason", "at")
SELECT s."id", NULL, 'OPEN', 'MIGRATE', 'SYSTEM', '由沙箱开户记录迁移', now()
FROM "sub_accounts" s WHERE s."request_ref" LIKE 'legacy-%';--> statement-breakpoint
INSERT INTO "receiving_settings" ("user_id", "paid_method", "updated_at")
SELECT u."id", u."paid_method", now() FROM "users" u WHERE u."paid_method" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "paid_method";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "open_bank";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sub_acc_no";