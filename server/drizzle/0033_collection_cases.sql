CREATE TABLE "collection_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"operator_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"text" text,
	"channel" text,
	"outcome" text,
	"promised_date" text,
	"amount_fen" bigint,
	"relief" text,
	"assignee_id" integer,
	"state" text,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_note" text,
	"repaid_fen" bigint,
	CONSTRAINT "collection_activities_kind_check" CHECK ("collection_activities"."kind" in ('NOTE', 'CONTACT', 'PROMISE', 'HARDSHIP', 'ASSIGN'))
);
--> statement-breakpoint
CREATE TABLE "collection_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"assigned_operator_id" integer,
	"next_action" text,
	"next_action_date" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_cases_state_check" CHECK ("collection_cases"."state" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "collection_activities" ADD CONSTRAINT "collection_activities_case_id_collection_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."collection_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_activities" ADD CONSTRAINT "collection_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_activities" ADD CONSTRAINT "collection_activities_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_activities" ADD CONSTRAINT "collection_activities_assignee_id_operators_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_activities" ADD CONSTRAINT "collection_activities_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_assigned_operator_id_operators_id_fk" FOREIGN KEY ("assigned_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_activities_case_idx" ON "collection_activities" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "collection_activities_user_idx" ON "collection_activities" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "collection_activities_contact_idx" ON "collection_activities" USING btree ("user_id","at") WHERE kind = 'CONTACT';--> statement-breakpoint
CREATE INDEX "collection_activities_pending_idx" ON "collection_activities" USING btree ("promised_date","id") WHERE kind = 'PROMISE' and state = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "collection_cases_open_key" ON "collection_cases" USING btree ("user_id") WHERE state = 'OPEN';--> statement-breakpoint
CREATE INDEX "collection_cases_user_idx" ON "collection_cases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "collection_cases_assignee_idx" ON "collection_cases" USING btree ("assigned_operator_id") WHERE state = 'OPEN';--> statement-breakpoint
-- roles are data once seeded: the roles that already work collections (collection.work) see the worklist and assign its cases
UPDATE "ops_roles" SET "permissions" = "permissions" || '["collection.view"]'::jsonb WHERE "permissions" ? 'collection.work' AND NOT ("permissions" ? 'collection.view');--> statement-breakpoint
UPDATE "ops_roles" SET "permissions" = "permissions" || '["collection.assign"]'::jsonb WHERE "permissions" ? 'collection.work' AND NOT ("permissions" ? 'collection.assign');
