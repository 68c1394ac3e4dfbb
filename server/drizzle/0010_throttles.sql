CREATE TABLE "code_daily_counts" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_daily_counts_key_day_pk" PRIMARY KEY("key","day")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_ends_at_idx" ON "rate_limit_hits" USING btree ("window_ends_at");