CREATE TABLE "monthly_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"opening_fen" bigint NOT NULL,
	"disbursed_fen" bigint NOT NULL,
	"repaid_principal_fen" bigint NOT NULL,
	"repaid_interest_fen" bigint NOT NULL,
	"repaid_penalty_fen" bigint NOT NULL,
	"repaid_fee_fen" bigint NOT NULL,
	"fees_paid_fen" bigint NOT NULL,
	"fees_refunded_fen" bigint NOT NULL,
	"unapplied_paid_fen" bigint NOT NULL,
	"other_refunded_fen" bigint NOT NULL,
	"coupons_used_count" integer NOT NULL,
	"coupons_used_fen" bigint NOT NULL,
	"closing_fen" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"next_due_date" text,
	"next_due_fen" bigint,
	"doc_no" text NOT NULL,
	"verify_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monthly_statements_month_check" CHECK ("monthly_statements"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "monthly_statements_balance_check" CHECK ("monthly_statements"."closing_fen" = "monthly_statements"."opening_fen" + "monthly_statements"."disbursed_fen" - "monthly_statements"."repaid_principal_fen"),
	CONSTRAINT "monthly_statements_next_due_check" CHECK (("monthly_statements"."next_due_date" is null) = ("monthly_statements"."next_due_fen" is null))
);
--> statement-breakpoint
ALTER TABLE "issued_documents" DROP CONSTRAINT "issued_documents_kind_check";--> statement-breakpoint
ALTER TABLE "monthly_statements" ADD CONSTRAINT "monthly_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_statements_user_month_key" ON "monthly_statements" USING btree ("user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_statements_doc_no_key" ON "monthly_statements" USING btree ("doc_no");--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_kind_check" CHECK ("issued_documents"."kind" in ('RECEIPT', 'CONTRACT', 'SETTLEMENT_CERT', 'STATEMENT'));