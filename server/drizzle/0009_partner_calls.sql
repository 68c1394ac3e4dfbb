CREATE TABLE "partner_call_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" bigint NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"attempt" integer NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner" text NOT NULL,
	"operation" text NOT NULL,
	"subject" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"payload" jsonb NOT NULL,
	"answer" jsonb,
	"attempts" integer NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_requests" (
	"bank" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_bank_requests_bank_idempotency_key_pk" PRIMARY KEY("bank","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "partner_call_events" ADD CONSTRAINT "partner_call_events_call_id_partner_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."partner_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_call_events_call_idx" ON "partner_call_events" USING btree ("call_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_calls_key" ON "partner_calls" USING btree ("partner","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_calls_active_key" ON "partner_calls" USING btree ("partner","operation","subject") WHERE state <> 'REFUSED';--> statement-breakpoint
CREATE INDEX "partner_calls_open_idx" ON "partner_calls" USING btree ("lease_until") WHERE state = 'OPEN';--> statement-breakpoint
-- settlement requests left open before partner calls were claimed cannot be finished: closed, so the index holds
UPDATE "settlement_requests" SET "status" = 'REFUSED', "reason" = '合作机构未答复，请重新发起提前结清', "completed_at" = now() WHERE "status" = 'REQUESTED';--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_requests_open_key" ON "settlement_requests" USING btree ("loan_id") WHERE status = 'REQUESTED';