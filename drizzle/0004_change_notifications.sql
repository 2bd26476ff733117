-- Every instance caches live sessions (server/services/session-cache.ts) and LISTENs on
-- session_changed: whatever ends or alters a session (logout, account switch, revocation by a
-- password change, the login mask or a cancellation, verification, housekeeping's delete) notifies
-- with the session's id, from whichever instance or service wrote it. last_seen_at and verified_at
-- are not cached, so their updates notify nobody.
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not this function.
CREATE OR REPLACE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OF "revoked_at", "pending_verification" ON "sessions"
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.pending_verification IS DISTINCT FROM NEW.pending_verification)
  EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();
