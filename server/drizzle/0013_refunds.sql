CREATE TABLE "refund_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"payment_order_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"evidence_document_id" integer,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"gateway_refund_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refund_applications_amount_check" CHECK ("refund_applications"."amount_fen" > 0),
	CONSTRAINT "refund_applications_status_check" CHECK ("refund_applications"."status" in ('SUBMITTED', 'APPROVED', 'REFUNDING', 'REFUNDED', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "refund_applications_source_check" CHECK ("refund_applications"."source" in ('BORROWER', 'AUTO')),
	CONSTRAINT "refund_applications_reason_check" CHECK (char_length("refund_applications"."reason") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "refund_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_ref" text,
	"reason" text,
	"ip" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_applications" ADD CONSTRAINT "refund_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_applications" ADD CONSTRAINT "refund_applications_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_applications" ADD CONSTRAINT "refund_applications_evidence_document_id_documents_id_fk" FOREIGN KEY ("evidence_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_events" ADD CONSTRAINT "refund_events_refund_id_refund_applications_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_applications_refund_no_key" ON "refund_applications" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_applications_open_key" ON "refund_applications" USING btree ("payment_order_id") WHERE status in ('SUBMITTED', 'APPROVED', 'REFUNDING');--> statement-breakpoint
CREATE INDEX "refund_applications_user_idx" ON "refund_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "refund_applications_order_idx" ON "refund_applications" USING btree ("payment_order_id","id");--> statement-breakpoint
CREATE INDEX "refund_applications_waiting_idx" ON "refund_applications" USING btree ("status","created_at") WHERE status in ('SUBMITTED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "refund_events_refund_idx" ON "refund_events" USING btree ("refund_id","id");