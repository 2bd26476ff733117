CREATE TABLE "maintenance_allowances" (
	"account_id" integer NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "maintenance_allowances_order_code_code_pk" PRIMARY KEY("order_code","code")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"member_id" integer,
	"sub_account_id" integer,
	"file_name" varchar(128) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"mime" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"work_order_id" integer,
	"record_id" integer,
	"file_type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_evaluations" (
	"work_order_id" integer PRIMARY KEY NOT NULL,
	"uuid" varchar(36) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_order_evaluations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "work_order_template_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_template_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"field_code" varchar(32) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_order_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_type" smallint NOT NULL,
	"task_name" varchar(64) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_records" ADD COLUMN "title" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_records" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "work_order_records" ADD COLUMN "service_project" jsonb;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "task_name" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "source" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "product_version" varchar(64);--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "term_year" smallint;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "order_code" varchar(32);--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "data_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "service_project" jsonb;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "urged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "close_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_allowances" ADD CONSTRAINT "maintenance_allowances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_record_id_work_order_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."work_order_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_evaluations" ADD CONSTRAINT "work_order_evaluations_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_template_fields" ADD CONSTRAINT "work_order_template_fields_template_id_work_order_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."work_order_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_files_work_order_idx" ON "uploaded_files" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_record_idx" ON "uploaded_files" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_account_idx" ON "uploaded_files" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_template_fields_template_idx" ON "work_order_template_fields" USING btree ("template_id");--> statement-breakpoint
ALTER TABLE "work_order_records" ADD CONSTRAINT "work_order_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_template_id_work_order_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."work_order_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_key" ON "work_orders" USING btree ("number");