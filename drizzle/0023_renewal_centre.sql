CREATE TABLE "notification_preferences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_preferences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"category" varchar(16) NOT NULL,
	"audience" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"quiet_start" varchar(5),
	"quiet_end" varchar(5),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"business_id" integer,
	"sku_id" varchar(32) NOT NULL,
	"product_name" varchar(64) NOT NULL,
	"product_version" varchar(64) DEFAULT '' NOT NULL,
	"product_type" smallint NOT NULL,
	"second_domain" varchar(128) DEFAULT '' NOT NULL,
	"cycle_num" smallint DEFAULT 1 NOT NULL,
	"pay_method" varchar(16) DEFAULT '年' NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"expire_date" varchar(10) NOT NULL,
	"threshold" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "renewal_mode" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_preferences_key" ON "notification_preferences" USING btree ("account_id","category");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_business_idx" ON "order_lines" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_key" ON "reminder_sends" USING btree ("business_id","account_id","expire_date","threshold");--> statement-breakpoint
CREATE INDEX "reminder_sends_sent_idx" ON "reminder_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "businesses_expire_idx" ON "businesses" USING btree ("expire_time");--> statement-breakpoint
-- Every existing order becomes an order of one line.
INSERT INTO "order_lines" ("order_id", "business_id", "sku_id", "product_name", "product_version", "product_type", "second_domain", "cycle_num", "pay_method", "amount")
SELECT "id", "business_id", "sku_id", "product_name", "product_version", "product_type", "second_domain", "cycle_num", "pay_method", "pay_amount" FROM "orders" ORDER BY "id";
