CREATE TABLE "payment_notifies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notify_id" text NOT NULL,
	"kind" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"fee_item_id" integer,
	"instalment_id" integer,
	"loan_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"principal_fen" bigint DEFAULT 0 NOT NULL,
	"interest_fen" bigint DEFAULT 0 NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"open" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"loan_id" integer,
	"channel" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"status" text NOT NULL,
	"close_reason" text,
	"attempt_key" text NOT NULL,
	"unapplied_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"gateway_trade_no" text,
	"cashier_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('CREATED', 'PAID', 'CLOSED')),
	CONSTRAINT "payment_orders_amounts_check" CHECK ("payment_orders"."amount_fen" >= 0 and "payment_orders"."discount_fen" >= 0 and "payment_orders"."unapplied_fen" >= 0 and "payment_orders"."refunded_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_notifies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"gateway_trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"out_refund_no" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"gateway_refund_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_requests" (
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_gateway_requests_operation_idempotency_key_pk" PRIMARY KEY("operation","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_order_events" ADD CONSTRAINT "payment_order_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifies_key" ON "payment_notifies" USING btree ("kind","notify_id");--> statement-breakpoint
CREATE INDEX "payment_notifies_order_idx" ON "payment_notifies" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payment_order_events_order_idx" ON "payment_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payment_order_items_order_idx" ON "payment_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_items_open_key" ON "payment_order_items" USING btree ("subject_key") WHERE open;--> statement-breakpoint
CREATE INDEX "payment_order_items_loan_open_idx" ON "payment_order_items" USING btree ("loan_id") WHERE open;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_out_trade_no_key" ON "payment_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payment_orders_loan_idx" ON "payment_orders" USING btree ("loan_id","status");--> statement-breakpoint
CREATE INDEX "payment_orders_open_idx" ON "payment_orders" USING btree ("expires_at") WHERE status = 'CREATED';--> statement-breakpoint
CREATE INDEX "sandbox_gateway_notifies_due_idx" ON "sandbox_gateway_notifies" USING btree ("due_at") WHERE delivered_at is null;