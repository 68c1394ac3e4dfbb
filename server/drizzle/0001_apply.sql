CREATE TABLE "agreement_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text_hash" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"text_hash" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
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
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank" text NOT NULL,
	"product_code" text NOT NULL,
	"product_type" text,
	"mc_order_no" text,
	"state" text NOT NULL,
	"amount_fen" bigint,
	"term_months" integer,
	"purpose" text,
	"bank_ref" text,
	"approved_amount_fen" bigint,
	"decision_reason" text,
	"step_marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"event_id" text NOT NULL,
	"application_id" integer,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"uscc" text NOT NULL,
	"legal_name" text NOT NULL,
	"id_number_enc" text NOT NULL,
	"legal_phone_enc" text NOT NULL,
	"bank_card_enc" text,
	"bank_name" text,
	"licence_doc_id" integer,
	"id_front_doc_id" integer,
	"id_back_doc_id" integer,
	"sales_doc_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"product_code" text NOT NULL,
	"product_type" text,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"min_amount_fen" bigint NOT NULL,
	"max_amount_fen" bigint NOT NULL,
	"amount_step_fen" bigint NOT NULL,
	"terms" jsonb NOT NULL,
	"annual_rate" text NOT NULL,
	"method" text NOT NULL,
	"service_fee" jsonb,
	"materials" jsonb NOT NULL,
	"flow" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"bank_ref" text NOT NULL,
	"payload" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"seller_id" text NOT NULL,
	"seller_name" text NOT NULL,
	"marketplace_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_enc" text,
	"status" text NOT NULL,
	"annual_sales_fen" bigint DEFAULT 0 NOT NULL,
	"authorised_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_version_id_agreement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_callbacks" ADD CONSTRAINT "bank_callbacks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_licence_doc_id_documents_id_fk" FOREIGN KEY ("licence_doc_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_id_front_doc_id_documents_id_fk" FOREIGN KEY ("id_front_doc_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_id_back_doc_id_documents_id_fk" FOREIGN KEY ("id_back_doc_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD CONSTRAINT "loan_certifications_sales_doc_id_documents_id_fk" FOREIGN KEY ("sales_doc_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_stores" ADD CONSTRAINT "seller_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_acceptances_user_version_key" ON "agreement_acceptances" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_versions_kind_version_key" ON "agreement_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "application_events_app_idx" ON "application_events" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_mc_order_no_key" ON "applications" USING btree ("mc_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_bank_ref_key" ON "applications" USING btree ("bank","bank_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_callbacks_event_key" ON "bank_callbacks" USING btree ("bank","event_id");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_certifications_user_key" ON "loan_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "sandbox_bank_jobs_due_idx" ON "sandbox_bank_jobs" USING btree ("delivered_at","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_stores_user_key" ON "seller_stores" USING btree ("user_id");