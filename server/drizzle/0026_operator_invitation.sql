ALTER TABLE "operators" ADD COLUMN "email_enc" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_expires_at" timestamp with time zone;