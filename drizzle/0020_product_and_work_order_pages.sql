-- lists_changed (0019) for the first pages of products and work orders as well: a business, a work
-- order or one of its pictures written, changed or deleted, with the account's id; a work order's
-- record (its unread state on the list) with the id of the account that owns the work order.
CREATE TRIGGER "businesses_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "work_orders_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "work_orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "uploaded_files_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "uploaded_files"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
-- A record's change goes to the account owning its work order, on the channel the trigger names:
-- 0018's unread-reply function, generalised so both channels share it.
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not the functions.
CREATE OR REPLACE FUNCTION "notify_work_order_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  -- A record deleted with its work order finds no owner here: the work order's own trigger notifies.
  SELECT account_id INTO owner FROM work_orders
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.work_order_id ELSE NEW.work_order_id END;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify(TG_ARGV[0], owner::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "work_order_records_changed" ON "work_order_records";--> statement-breakpoint
DROP FUNCTION "notify_work_order_replies_changed"();--> statement-breakpoint
CREATE TRIGGER "work_order_records_changed" AFTER INSERT OR DELETE OR UPDATE OF "looked", "role", "work_order_id" ON "work_order_records"
  FOR EACH ROW EXECUTE FUNCTION "notify_work_order_owner"('work_order_replies_changed');--> statement-breakpoint
CREATE TRIGGER "work_order_records_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "work_order_records"
  FOR EACH ROW EXECUTE FUNCTION "notify_work_order_owner"('lists_changed');
