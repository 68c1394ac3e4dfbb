-- Service fee items (one row per fee charge of a loan: upfront seq 0, or with instalment n) and coupons.
-- Existing loans get their fee items from service_fees (upfront) and the instalments' fee columns.
CREATE UNIQUE INDEX "loans_id_user_key" ON "loans" USING btree ("id","user_id");--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount_off_fen" bigint,
	"threshold_fen" bigint,
	"percent_off" integer,
	"cap_fen" bigint,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"scope" text DEFAULT 'ALL' NOT NULL,
	"scope_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'AVAILABLE' NOT NULL,
	"locked_order_id" integer,
	"used_order_id" integer,
	"used_at" timestamp with time zone,
	"source" text NOT NULL,
	"issued_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE')),
	CONSTRAINT "coupons_state_check" CHECK ("coupons"."state" in ('AVAILABLE', 'LOCKED', 'USED')),
	CONSTRAINT "coupons_percent_check" CHECK ("coupons"."percent_off" is null or "coupons"."percent_off" between 1 and 99),
	CONSTRAINT "coupons_amounts_check" CHECK (coalesce("coupons"."amount_off_fen", 0) >= 0 and coalesce("coupons"."cap_fen", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"instalment_id" integer,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"due_date" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"waived_fen" bigint DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fee_items_kind_check" CHECK ("fee_items"."kind" in ('UPFRONT', 'INSTALMENT')),
	CONSTRAINT "fee_items_amounts_check" CHECK ("fee_items"."amount_fen" >= 0 and "fee_items"."discount_fen" >= 0 and "fee_items"."paid_fen" >= 0 and "fee_items"."waived_fen" >= 0
        and "fee_items"."refunded_fen" >= 0 and "fee_items"."refunded_fen" <= "fee_items"."paid_fen"
        and "fee_items"."discount_fen" + "fee_items"."paid_fen" + "fee_items"."waived_fen" <= "fee_items"."amount_fen")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_loan_user_fk" FOREIGN KEY ("loan_id","user_id") REFERENCES "public"."loans"("id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_welcome_key" ON "coupons" USING btree ("user_id") WHERE source = 'WELCOME';--> statement-breakpoint
CREATE UNIQUE INDEX "fee_items_loan_seq_key" ON "fee_items" USING btree ("loan_id","seq");--> statement-breakpoint
CREATE INDEX "fee_items_user_due_idx" ON "fee_items" USING btree ("user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "fee_items_due_idx" ON "fee_items" USING btree ("kind","due_date");--> statement-breakpoint
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
ON CONFLICT DO NOTHING;
