CREATE TABLE "notice_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"sms" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_preferences_pkey" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"event_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sms" text NOT NULL,
	"link" jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"instalment_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_deliveries_notice_channel_key" ON "notice_deliveries" USING btree ("notice_id","channel");--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("due_at") WHERE state in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "notice_deliveries_user_idx" ON "notice_deliveries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_key" ON "notices" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_user_category_idx" ON "notices" USING btree ("user_id","category","id");--> statement-breakpoint
CREATE INDEX "notices_user_unread_idx" ON "notices" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_idempotency_key" ON "outbox_messages" USING btree ("idempotency_key");