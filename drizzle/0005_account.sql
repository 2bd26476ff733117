CREATE TABLE "account_vip_servers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_vip_servers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"qr_code" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(64) NOT NULL,
	"item_value" varchar(32) NOT NULL,
	"item_text" varchar(64) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(128) NOT NULL,
	"subject" varchar(128) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(256) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_account_activations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_account_activations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sub_account_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"sub_account_id" integer,
	"paid_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sub_accounts" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_vip_servers" ADD CONSTRAINT "account_vip_servers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_activations" ADD CONSTRAINT "sub_account_activations_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_vip_servers_account_key" ON "account_vip_servers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_vip_servers_qr_code_key" ON "account_vip_servers" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_code_value_key" ON "dictionary_items" USING btree ("code","item_value");--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_account_activations_code_key" ON "sub_account_activations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sub_account_activations_sub_idx" ON "sub_account_activations" USING btree ("sub_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_key" ON "payments" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "payments_code_idx" ON "payments" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_account_phone_key" ON "sub_accounts" USING btree ("account_id","phone_number") WHERE "sub_accounts"."deleted_at" is null;