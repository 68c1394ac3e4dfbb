-- the sandbox outbox keeps a message only as long as the code it carries lives (minutes): the messages kept at
-- upgrade are deleted rather than moved, so no plain recipient is left; new ones are sealed by the server
DELETE FROM "outbox_messages";--> statement-breakpoint
DROP INDEX "outbox_messages_recipient_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "recipient_enc" text NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD COLUMN "body_enc" text;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD COLUMN "parties_enc" text;--> statement-breakpoint
-- SQL has no key: the signed texts and their parties move into the sealed columns with the "legacy:" mark, and
-- the server seals them at its next start, before serving (src/db/start-sealing.ts); the text hash stays as is
UPDATE "loan_contracts" SET "body_enc" = 'legacy:' || "body", "parties_enc" = 'legacy:' || ("details"->'parties')::text, "details" = "details" - 'parties';--> statement-breakpoint
ALTER TABLE "loan_contracts" ALTER COLUMN "body_enc" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_contracts" ALTER COLUMN "parties_enc" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP COLUMN "recipient";--> statement-breakpoint
ALTER TABLE "loan_contracts" DROP COLUMN "body";
