ALTER TABLE "users" ADD COLUMN "phone_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "loan_certifications" ADD COLUMN "legal_name_enc" text;--> statement-breakpoint
-- SQL has no key: the plain values move into the sealed columns with the "legacy:" mark, and the server seals
-- them and computes the lookup hashes at its next start, before serving (src/db/start-sealing.ts)
UPDATE "users" SET "phone_enc" = 'legacy:' || "phone" WHERE "phone" IS NOT NULL AND "phone" <> '';--> statement-breakpoint
UPDATE "users" SET "email_enc" = 'legacy:' || "email" WHERE "email" <> '';--> statement-breakpoint
UPDATE "loan_certifications" SET "legal_name_enc" = 'legacy:' || "legal_name";--> statement-breakpoint
DROP INDEX "users_phone_key";--> statement-breakpoint
ALTER TABLE "loan_certifications" ALTER COLUMN "legal_name_enc" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_hash_key" ON "users" USING btree ("phone_hash");--> statement-breakpoint
CREATE INDEX "users_email_hash_idx" ON "users" USING btree ("email_hash");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "loan_certifications" DROP COLUMN "legal_name";
