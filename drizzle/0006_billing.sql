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
ALTER TABLE "contract_applications" ADD CONSTRAINT "contract_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_applications" ADD CONSTRAINT "contract_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_applications_order_idx" ON "contract_applications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_file_key" ON "contract_applications" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "invoice_applications_order_idx" ON "invoice_applications" USING btree ("order_id");