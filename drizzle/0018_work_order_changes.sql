-- work_order_replies_changed (payload: the account's id): an engineer reply written, looked at or
-- deleted, or a work order deleted, hidden or moved to another addressee: what the header's unread
-- reply badge counts. Each instance caches that count and forgets it on this notification
-- (services/work-orders/unread-replies-cache.ts), as it does for notices (0005_change_notifications).
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not the functions.
CREATE OR REPLACE FUNCTION "notify_work_order_replies_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_order integer;
  owner integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_order := OLD.work_order_id;
  ELSE
    changed_order := NEW.work_order_id;
  END IF;
  -- A record deleted with its work order finds no owner here: the work order's own trigger notifies.
  SELECT account_id INTO owner FROM work_orders WHERE id = changed_order;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('work_order_replies_changed', owner::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "work_order_records_changed" AFTER INSERT OR DELETE OR UPDATE OF "looked", "role", "work_order_id" ON "work_order_records"
  FOR EACH ROW EXECUTE FUNCTION "notify_work_order_replies_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_work_order_owner_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('work_order_replies_changed', OLD.account_id::text);
  IF TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id THEN
    PERFORM pg_notify('work_order_replies_changed', NEW.account_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "work_orders_owner_changed" AFTER DELETE OR UPDATE OF "deleted_at", "account_id", "sub_account_id" ON "work_orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_work_order_owner_changed"();
