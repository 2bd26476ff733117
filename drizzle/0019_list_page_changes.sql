-- lists_changed (payload: the account's id, or * for every account): a row that a list's first page
-- shows was written, changed or deleted. Each instance caches the first page of the console's lists
-- (orders, notices, operation log, sub-admins, recipients) and forgets an account's pages on this
-- notification (services/shared/first-page-cache.ts), as it does for the badges (0005, 0018).
-- The position names beside sub-admins and recipients come from dictionary_items: any change there
-- forgets every account's pages (*).
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not the functions.
CREATE OR REPLACE FUNCTION "notify_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lists_changed', OLD.account_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id) THEN
    PERFORM pg_notify('lists_changed', NEW.account_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "notices_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "notices"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "operate_records_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "operate_records"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "sub_accounts_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "sub_accounts"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE TRIGGER "recipients_lists_changed" AFTER INSERT OR UPDATE OR DELETE ON "recipients"
  FOR EACH ROW EXECUTE FUNCTION "notify_lists_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_all_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lists_changed', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dictionary_items_lists_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dictionary_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_lists_changed"();
