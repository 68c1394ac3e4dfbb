-- A loan's borrower is its application's borrower, held by the database: the loan records filtered by a loan
-- status then need only the loans' own user_id (one selective condition the planner estimates well).
CREATE UNIQUE INDEX "applications_id_user_key" ON "applications" USING btree ("id","user_id");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_user_fk" FOREIGN KEY ("application_id","user_id") REFERENCES "public"."applications"("id","user_id") ON DELETE no action ON UPDATE no action;
