-- Each instance caches live sessions and the home poll's answer (server/services/notified-cache.ts)
-- and LISTENs for these notifications, so whatever changes a row, from whichever instance or
-- service, makes every instance forget what it cached from it.
-- session_changed (payload: the session's id): a session ended or altered (logout, account switch,
-- revocation by a password change, the login mask or a cancellation, verification, housekeeping's
-- delete). last_seen_at and verified_at are not cached, so their updates notify nobody.
-- notices_changed (payload: the account's id): a notice written, read, popped or deleted.
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not the functions.
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
  FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_notices_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('notices_changed', OLD.account_id::text);
  ELSE
    PERFORM pg_notify('notices_changed', NEW.account_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notices_changed" AFTER INSERT OR UPDATE OR DELETE ON "notices"
  FOR EACH ROW EXECUTE FUNCTION "notify_notices_changed"();
