CREATE TABLE "document_blobs" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_blobs_key_id_idx" ON "document_blobs" USING btree ("key_id");