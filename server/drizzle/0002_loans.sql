CREATE TABLE "instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_date" text NOT NULL,
	"principal_fen" bigint NOT NULL,
	"interest_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"paid_principal_fen" bigint DEFAULT 0 NOT NULL,
	"paid_interest_fen" bigint DEFAULT 0 NOT NULL,
	"paid_fee_fen" bigint DEFAULT 0 NOT NULL,
	"paid_penalty_fen" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer,
	"type" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"principal_fen" bigint DEFAULT 0 NOT NULL,
	"interest_fen" bigint DEFAULT 0 NOT NULL,
	"penalty_fen" bigint DEFAULT 0 NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"reverses_id" bigint,
	"memo" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bank" text NOT NULL,
	"product_code" text NOT NULL,
	"principal_fen" bigint NOT NULL,
	"annual_rate" text NOT NULL,
	"method" text NOT NULL,
	"term_months" integer NOT NULL,
	"start_date" text NOT NULL,
	"status" text NOT NULL,
	"outstanding_principal_fen" bigint NOT NULL,
	"disbursed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"principal_fen" bigint NOT NULL,
	"interest_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"penalty_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"as_of_date" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD CONSTRAINT "settlement_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_requests" ADD CONSTRAINT "settlement_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_loan_seq_key" ON "instalments" USING btree ("loan_id","seq");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "ledger_user_time_idx" ON "ledger_transactions" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_user_type_time_idx" ON "ledger_transactions" USING btree ("user_id","type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_loan_idx" ON "ledger_transactions" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_application_key" ON "loans" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_status_idx" ON "loans" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "loans_user_bank_idx" ON "loans" USING btree ("user_id","bank","id");--> statement-breakpoint
CREATE INDEX "service_fees_user_idx" ON "service_fees" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_fees_loan_key" ON "service_fees" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "settlement_requests_loan_idx" ON "settlement_requests" USING btree ("loan_id","id");