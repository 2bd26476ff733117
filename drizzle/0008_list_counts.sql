CREATE TABLE "list_counts" (
	"list" varchar(32) NOT NULL,
	"account_id" integer NOT NULL,
	"scope" integer NOT NULL,
	"state" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "list_counts_pkey" PRIMARY KEY("list","account_id","scope","state")
);
--> statement-breakpoint
CREATE INDEX "notices_main_idx" ON "notices" USING btree ("account_id","read_status","created_at","id") WHERE "notices"."sub_account_id" is null;--> statement-breakpoint
CREATE INDEX "notices_main_time_idx" ON "notices" USING btree ("account_id","created_at","id") WHERE "notices"."sub_account_id" is null;--> statement-breakpoint
CREATE INDEX "operate_records_main_idx" ON "operate_records" USING btree ("account_id","created_at","id") WHERE "operate_records"."sub_account_id" is null;--> statement-breakpoint
CREATE INDEX "work_orders_list_idx" ON "work_orders" USING btree ("account_id","created_at","id") WHERE "work_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "work_orders_submitter_list_idx" ON "work_orders" USING btree ("account_id","sub_account_id","created_at","id") WHERE "work_orders"."deleted_at" is null;--> statement-breakpoint
-- The totals of the console's lists (getOrder, getOrderDetails, messageList, getUnReadCount,
-- getMyOperateRecordList, getMyWorkOrderList, getMyWorkOrderCount), kept in the writing
-- transaction: AFTER ... FOR EACH STATEMENT triggers read the statement's transition tables, add
-- +1 for every new row image and -1 for every old one, grouped by (account, scope, state), and add
-- the non-zero sums to list_counts with INSERT ... ON CONFLICT DO UPDATE (an atomic increment under
-- concurrent writers; the ORDER BY takes the counter rows' locks in one order). A change that moves
-- no row between keys (a paid order, a new title) sums to zero and writes nothing.
-- Arguments: the scope expression, the state expression, and which rows are counted.
-- OR REPLACE: db:reset drops the tables (and so the triggers) but not the functions.
CREATE OR REPLACE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  side CONSTANT text := 'SELECT account_id, ' || TG_ARGV[0] || ' AS scope, ' || TG_ARGV[1]
    || ' AS state, %s AS delta FROM %s WHERE ' || TG_ARGV[2];
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_counts WHERE list = TG_TABLE_NAME::text;
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format(side, '1', 'new_rows')
    WHEN 'DELETE' THEN format(side, '-1', 'old_rows')
    ELSE format(side, '1', 'new_rows') || ' UNION ALL ' || format(side, '-1', 'old_rows')
  END;
  EXECUTE 'INSERT INTO list_counts AS c (list, account_id, scope, state, total)'
    || ' SELECT $1, account_id, scope, state, sum(delta) FROM (' || changes || ') d'
    || ' GROUP BY account_id, scope, state HAVING sum(delta) <> 0'
    || ' ORDER BY account_id, scope, state'
    || ' ON CONFLICT (list, account_id, scope, state) DO UPDATE SET total = c.total + excluded.total'
    USING TG_TABLE_NAME::text;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(business_id, 0)', 'is_display', 'true');--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(business_id, 0)', 'is_display', 'true');--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(business_id, 0)', 'is_display', 'true');--> statement-breakpoint
CREATE TRIGGER "orders_counted_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "notices_counted_insert" AFTER INSERT ON "notices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'read_status', 'true');--> statement-breakpoint
CREATE TRIGGER "notices_counted_update" AFTER UPDATE ON "notices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'read_status', 'true');--> statement-breakpoint
CREATE TRIGGER "notices_counted_delete" AFTER DELETE ON "notices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'read_status', 'true');--> statement-breakpoint
CREATE TRIGGER "notices_counted_truncate" AFTER TRUNCATE ON "notices"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "operate_records_counted_insert" AFTER INSERT ON "operate_records" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', '0', 'true');--> statement-breakpoint
CREATE TRIGGER "operate_records_counted_update" AFTER UPDATE ON "operate_records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', '0', 'true');--> statement-breakpoint
CREATE TRIGGER "operate_records_counted_delete" AFTER DELETE ON "operate_records" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', '0', 'true');--> statement-breakpoint
CREATE TRIGGER "operate_records_counted_truncate" AFTER TRUNCATE ON "operate_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
CREATE TRIGGER "work_orders_counted_insert" AFTER INSERT ON "work_orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'status', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER "work_orders_counted_update" AFTER UPDATE ON "work_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'status', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER "work_orders_counted_delete" AFTER DELETE ON "work_orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('coalesce(sub_account_id, 0)', 'status', 'deleted_at is null');--> statement-breakpoint
CREATE TRIGGER "work_orders_counted_truncate" AFTER TRUNCATE ON "work_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"();--> statement-breakpoint
-- The rows already there (the triggers above lock each table against writers until this commits).
INSERT INTO "list_counts" ("list", "account_id", "scope", "state", "total")
  SELECT 'orders', account_id, coalesce(business_id, 0), is_display, count(*) FROM "orders" GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'notices', account_id, coalesce(sub_account_id, 0), read_status, count(*) FROM "notices" GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'operate_records', account_id, coalesce(sub_account_id, 0), 0, count(*) FROM "operate_records" GROUP BY 2, 3
  UNION ALL
  SELECT 'work_orders', account_id, coalesce(sub_account_id, 0), status, count(*) FROM "work_orders"
    WHERE deleted_at is null GROUP BY 2, 3, 4;
