DROP INDEX "loans_user_status_idx";--> statement-breakpoint
CREATE INDEX "applications_user_state_idx" ON "applications" USING btree ("user_id","state","id");--> statement-breakpoint
CREATE INDEX "applications_user_bank_idx" ON "applications" USING btree ("user_id","bank","id");--> statement-breakpoint
CREATE INDEX "loans_user_status_idx" ON "loans" USING btree ("user_id","status","application_id");