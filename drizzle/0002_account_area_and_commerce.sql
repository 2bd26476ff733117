CREATE TABLE "login_masks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_masks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"ips" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
	"backend_ticket_hash" varchar(64),
	"backend_ticket_expires_at" timestamp with time zone,
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
CREATE TABLE "contract_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"apply_type" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"org_name" varchar(100) DEFAULT '' NOT NULL,
	"id_type" varchar(32) NOT NULL,
	"id_type_name" varchar(32) NOT NULL,
	"id_number" varchar(32) DEFAULT '' NOT NULL,
	"fac_number" varchar(32) DEFAULT '' NOT NULL,
	"org_legal_id_type" varchar(32) DEFAULT '' NOT NULL,
	"org_legal_id_type_name" varchar(32) DEFAULT '' NOT NULL,
	"org_legal_id_number" varchar(32) DEFAULT '' NOT NULL,
	"org_legal_name" varchar(64) DEFAULT '' NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"contacts" varchar(64) DEFAULT '' NOT NULL,
	"file_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"subject" smallint NOT NULL,
	"bill_type" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"content" varchar(32) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"applicant" varchar(100) NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"applicant_phone" varchar(11) NOT NULL,
	"enterprise_address" varchar(200) DEFAULT '' NOT NULL,
	"enterprise_tel" varchar(30) DEFAULT '' NOT NULL,
	"deposit_bank" varchar(100) DEFAULT '' NOT NULL,
	"deposit_bank_card" varchar(30) DEFAULT '' NOT NULL,
	"receive_mail" varchar(128) DEFAULT '' NOT NULL,
	"receive_name" varchar(100) DEFAULT '' NOT NULL,
	"receive_phone" varchar(11) DEFAULT '' NOT NULL,
	"province" integer DEFAULT 0 NOT NULL,
	"city" integer DEFAULT 0 NOT NULL,
	"area" integer DEFAULT 0 NOT NULL,
	"receive_address" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_bind_scenes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_bind_scenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"member_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"sub_account_id" integer,
	"role" smallint NOT NULL,
	"openid" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
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
ALTER TABLE "notices" ADD COLUMN "template_title" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "popped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_masks" ADD CONSTRAINT "login_masks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_vip_servers" ADD CONSTRAINT "account_vip_servers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_activations" ADD CONSTRAINT "sub_account_activations_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_applications" ADD CONSTRAINT "contract_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_applications" ADD CONSTRAINT "contract_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_masks_account_key" ON "login_masks" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_vip_servers_account_key" ON "account_vip_servers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_vip_servers_qr_code_key" ON "account_vip_servers" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_code_value_key" ON "dictionary_items" USING btree ("code","item_value");--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_account_activations_code_key" ON "sub_account_activations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sub_account_activations_sub_idx" ON "sub_account_activations" USING btree ("sub_account_id");--> statement-breakpoint
CREATE INDEX "businesses_account_idx" ON "businesses" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_domain_key" ON "businesses" USING btree ("second_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_key" ON "orders" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "contract_applications_order_idx" ON "contract_applications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_file_key" ON "contract_applications" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "invoice_applications_order_idx" ON "invoice_applications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bind_scenes_code_key" ON "wechat_bind_scenes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "wechat_bind_scenes_member_idx" ON "wechat_bind_scenes" USING btree ("member_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_key" ON "payments" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "payments_code_idx" ON "payments" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "notices_addressee_time_idx" ON "notices" USING btree ("account_id","sub_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_account_phone_key" ON "sub_accounts" USING btree ("account_id","phone_number") WHERE "sub_accounts"."deleted_at" is null;