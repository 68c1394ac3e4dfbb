CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_no" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"verify_code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "issued_documents_kind_check" CHECK ("issued_documents"."kind" in ('RECEIPT', 'CONTRACT', 'SETTLEMENT_CERT'))
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_doc_no_key" ON "issued_documents" USING btree ("doc_no");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_subject_key" ON "issued_documents" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "issued_documents_user_idx" ON "issued_documents" USING btree ("user_id");