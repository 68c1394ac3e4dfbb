ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_amounts_check";--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "interest_credit_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "fee_credit_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "fee_waived_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "bank_status" text;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD COLUMN "bank_reason" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "credited_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_amounts_check" CHECK ("payment_orders"."amount_fen" >= 0 and "payment_orders"."discount_fen" >= 0 and "payment_orders"."unapplied_fen" >= 0 and "payment_orders"."refunded_fen" >= 0 and "payment_orders"."credited_fen" >= 0);