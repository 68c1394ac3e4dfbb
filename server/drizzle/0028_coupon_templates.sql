CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off_fen" bigint,
	"threshold_fen" bigint,
	"percent_off" integer,
	"cap_fen" bigint,
	"valid_days" integer,
	"valid_until" timestamp with time zone,
	"scope" text DEFAULT 'ALL' NOT NULL,
	"scope_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"trigger" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_templates_kind_check" CHECK ("coupon_templates"."kind" in ('AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE')),
	CONSTRAINT "coupon_templates_scope_check" CHECK ("coupon_templates"."scope" in ('ALL', 'BANKS', 'PRODUCTS')),
	CONSTRAINT "coupon_templates_trigger_check" CHECK ("coupon_templates"."trigger" is null or "coupon_templates"."trigger" in ('CERTIFIED')),
	CONSTRAINT "coupon_templates_percent_check" CHECK ("coupon_templates"."percent_off" is null or "coupon_templates"."percent_off" between 1 and 99),
	CONSTRAINT "coupon_templates_amounts_check" CHECK (coalesce("coupon_templates"."amount_off_fen", 0) >= 0 and coalesce("coupon_templates"."threshold_fen", 0) >= 0 and coalesce("coupon_templates"."cap_fen", 0) >= 0),
	CONSTRAINT "coupon_templates_validity_check" CHECK (("coupon_templates"."valid_days" is null) <> ("coupon_templates"."valid_until" is null) and ("coupon_templates"."valid_days" is null or "coupon_templates"."valid_days" between 1 and 3650))
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_state_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_templates_trigger_idx" ON "coupon_templates" USING btree ("trigger") WHERE active and trigger is not null;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_rule_key" ON "coupons" USING btree ("template_id","user_id") WHERE source = 'RULE';--> statement-breakpoint
CREATE INDEX "coupons_template_idx" ON "coupons" USING btree ("template_id","state");--> statement-breakpoint
CREATE INDEX "fee_items_coupon_idx" ON "fee_items" USING btree ("coupon_id") WHERE coupon_id is not null;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_state_check" CHECK ("coupons"."state" in ('AVAILABLE', 'LOCKED', 'USED', 'REVOKED'));