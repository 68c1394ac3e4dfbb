CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree (("detail"->>'subject'),"id");--> statement-breakpoint
CREATE INDEX "ledger_time_idx" ON "ledger_transactions" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_at_idx" ON "payment_orders" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "refund_applications_refunded_at_idx" ON "refund_applications" USING btree ("refunded_at") WHERE refunded_at is not null;