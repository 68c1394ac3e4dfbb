-- each sandbox message is kept until what it carries stops being valid, as its sender says (a code's minutes, a
-- small deposit's days); the messages kept at upgrade all carried codes, so they keep the code's ten minutes
DROP INDEX "outbox_messages_created_at_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "keep_until" timestamp with time zone;--> statement-breakpoint
UPDATE "outbox_messages" SET "keep_until" = "created_at" + interval '10 minutes';--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "keep_until" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_keep_until_idx" ON "outbox_messages" USING btree ("keep_until");
