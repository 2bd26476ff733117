CREATE TABLE "invoice_application_orders" (
	"application_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"subject" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"enterprise_address" varchar(200) DEFAULT '' NOT NULL,
	"enterprise_tel" varchar(30) DEFAULT '' NOT NULL,
	"deposit_bank" varchar(100) DEFAULT '' NOT NULL,
	"deposit_bank_card" varchar(30) DEFAULT '' NOT NULL,
	"mailboxes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_applications" ALTER COLUMN "receive_mail" SET DATA TYPE varchar(1300);--> statement-breakpoint
ALTER TABLE "invoice_applications" ALTER COLUMN "receive_mail" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "state" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "file_key" varchar(64);--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "reissue_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "reissues" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_application_orders" ADD CONSTRAINT "invoice_application_orders_application_id_invoice_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application_orders" ADD CONSTRAINT "invoice_application_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_application_orders_application_idx" ON "invoice_application_orders" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_application_orders_current" ON "invoice_application_orders" USING btree ("order_id") WHERE "invoice_application_orders"."current";--> statement-breakpoint
CREATE INDEX "invoice_titles_account_idx" ON "invoice_titles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "invoice_applications_account_idx" ON "invoice_applications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_applications_file_key" ON "invoice_applications" USING btree ("file_key");--> statement-breakpoint
-- Applications before 合并开票: the newest of each order takes its order's state and sandbox file;
-- older ones were rejected (the order applied again).
UPDATE "invoice_applications" a SET
	"state" = CASE o."bill_status" WHEN 4 THEN 2 WHEN 5 THEN 4 ELSE 1 END,
	"file_key" = CASE WHEN o."bill_status" = 4 THEN substring(o."bill_url" from '^/__dev/esign/invoices/([0-9a-f]{32})\.pdf$') END,
	"issued_at" = CASE WHEN o."bill_status" = 4 THEN a."created_at" END
FROM "orders" o
WHERE o."id" = a."order_id"
	AND a."id" = (SELECT max(b."id") FROM "invoice_applications" b WHERE b."order_id" = a."order_id");--> statement-breakpoint
UPDATE "invoice_applications" a SET "state" = 4
WHERE a."id" <> (SELECT max(b."id") FROM "invoice_applications" b WHERE b."order_id" = a."order_id");--> statement-breakpoint
INSERT INTO "invoice_application_orders" ("application_id", "order_id", "current")
SELECT a."id", a."order_id", a."state" <> 4 FROM "invoice_applications" a;
