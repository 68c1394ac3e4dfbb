-- The servers' session cache (modules/auth/session-cache*.ts): every change to what a signed-in call reads with its
-- session (the user, the session's revocation and ends, the coupons, the sub-accounts, the repayment method) names
-- its user on the channel session_view, from the database itself, whatever wrote it.
CREATE FUNCTION "session_view_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  old_user text;
  new_user text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_user := to_jsonb(OLD) ->> column_name;
    PERFORM pg_notify('session_view', old_user);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_user := to_jsonb(NEW) ->> column_name;
    IF new_user IS DISTINCT FROM old_user THEN
      PERFORM pg_notify('session_view', new_user);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_view" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "session_view_changed"('id');
--> statement-breakpoint
-- not on last_seen_at: the once-a-minute touch changes nothing a cached answer holds
CREATE TRIGGER "sessions_session_view" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_view_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "coupons_session_view" AFTER INSERT OR UPDATE OR DELETE ON "coupons"
  FOR EACH ROW EXECUTE FUNCTION "session_view_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sub_accounts_session_view" AFTER INSERT OR UPDATE OR DELETE ON "sub_accounts"
  FOR EACH ROW EXECUTE FUNCTION "session_view_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "receiving_settings_session_view" AFTER INSERT OR UPDATE OR DELETE ON "receiving_settings"
  FOR EACH ROW EXECUTE FUNCTION "session_view_changed"('user_id');
--> statement-breakpoint
-- a barrier's number: notified as `sync:<n>` after a change has committed; a server that receives it has received
-- every change committed before (notifications arrive in commit order)
CREATE SEQUENCE "session_view_sync_seq";
--> statement-breakpoint
-- the servers answering from the cache: the highest barrier each has received, and until when it may answer from
-- the cache (it renews this only on receiving a barrier through its listening connection)
CREATE TABLE "session_view_nodes" (
  "node_id" text PRIMARY KEY NOT NULL,
  "acked" bigint DEFAULT 0 NOT NULL,
  "lease_until" timestamp with time zone NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL
);
