ALTER TABLE "refund_applications" DROP CONSTRAINT "refund_applications_status_check";--> statement-breakpoint
ALTER TABLE "refund_applications" ADD COLUMN "sends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_applications" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refund_applications" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refund_applications_retry_idx" ON "refund_applications" USING btree ("next_attempt_at") WHERE status = 'FAILED' and next_attempt_at is not null;--> statement-breakpoint
ALTER TABLE "refund_applications" ADD CONSTRAINT "refund_applications_status_check" CHECK ("refund_applications"."status" in ('SUBMITTED', 'APPROVED', 'REFUNDING', 'REFUNDED', 'REJECTED', 'CANCELLED', 'FAILED', 'CLOSED'));--> statement-breakpoint
UPDATE "refund_applications" SET "sends" = 1 WHERE "status" IN ('REFUNDING', 'REFUNDED');