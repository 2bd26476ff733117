CREATE TABLE "businesses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"sku_id" varchar(32) NOT NULL,
	"second_domain" varchar(128) NOT NULL,
	"real_second_domain" varchar(128) DEFAULT '' NOT NULL,
	"relation_second_domain" varchar(128) DEFAULT '' NOT NULL,
	"website_name" varchar(64) DEFAULT '' NOT NULL,
	"product_name" varchar(64) NOT NULL,
	"product_version" varchar(64) DEFAULT '' NOT NULL,
	"product_type" smallint NOT NULL,
	"channel" integer DEFAULT 32 NOT NULL,
	"new_order" smallint DEFAULT 1 NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint NOT NULL,
	"is_expire" smallint DEFAULT 0 NOT NULL,
	"pay_method" varchar(16) DEFAULT '年' NOT NULL,
	"business_center_state" smallint DEFAULT 0 NOT NULL,
	"is_need_deliver" smallint DEFAULT 0 NOT NULL,
	"is_project_finish" smallint DEFAULT 0 NOT NULL,
	"show_houtai" smallint DEFAULT 1 NOT NULL,
	"is_daiwei_business" smallint DEFAULT 0 NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"open_time" timestamp with time zone,
	"expire_time" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_code" varchar(32) NOT NULL,
	"account_id" integer NOT NULL,
	"sub_account_id" integer,
	"business_id" integer,
	"sku_id" varchar(32) NOT NULL,
	"product_name" varchar(64) NOT NULL,
	"product_version" varchar(64) DEFAULT '' NOT NULL,
	"product_type" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"cycle_num" smallint DEFAULT 1 NOT NULL,
	"pay_method" varchar(16) DEFAULT '年' NOT NULL,
	"second_domain" varchar(128) DEFAULT '' NOT NULL,
	"sales_channel" integer DEFAULT 32 NOT NULL,
	"status" smallint NOT NULL,
	"original_amount" numeric(12, 2) NOT NULL,
	"pay_amount" numeric(12, 2) NOT NULL,
	"bill_status" smallint DEFAULT 1 NOT NULL,
	"bill_url" text DEFAULT '' NOT NULL,
	"sign_status" smallint DEFAULT 0 NOT NULL,
	"is_evaluate" smallint DEFAULT 0 NOT NULL,
	"is_display" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"pay_time" timestamp with time zone,
	"pay_deadline" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_account_idx" ON "businesses" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_domain_key" ON "businesses" USING btree ("second_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_key" ON "orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id");