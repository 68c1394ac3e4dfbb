CREATE TABLE "ops_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	"operator_id" integer
);
--> statement-breakpoint
CREATE TABLE "ops_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"check_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ops_request_events" ADD CONSTRAINT "ops_request_events_request_id_ops_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."ops_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_request_events" ADD CONSTRAINT "ops_request_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_requests" ADD CONSTRAINT "ops_requests_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_requests" ADD CONSTRAINT "ops_requests_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_request_events_request_idx" ON "ops_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_requests_pending_subject_key" ON "ops_requests" USING btree ("subject") WHERE state = 'PENDING';--> statement-breakpoint
CREATE INDEX "ops_requests_pending_idx" ON "ops_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "ops_requests_maker_idx" ON "ops_requests" USING btree ("maker_id","id");