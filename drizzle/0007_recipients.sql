CREATE TABLE "recipient_validations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipient_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient_id" integer NOT NULL,
	"validate_type" smallint NOT NULL,
	"target" varchar(128) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"sub_account_id" integer,
	"full_name" varchar(32) NOT NULL,
	"mailbox" varchar(128) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"position" varchar(32) NOT NULL,
	"sms_validated" smallint DEFAULT 0 NOT NULL,
	"email_validated" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recipient_validations" ADD CONSTRAINT "recipient_validations_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_validations_code_key" ON "recipient_validations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "recipient_validations_recipient_idx" ON "recipient_validations" USING btree ("recipient_id","validate_type","created_at");--> statement-breakpoint
CREATE INDEX "recipients_account_idx" ON "recipients" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_account_phone_key" ON "recipients" USING btree ("account_id","phone") WHERE "recipients"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_sub_account_key" ON "recipients" USING btree ("sub_account_id") WHERE "recipients"."deleted_at" is null;--> statement-breakpoint
-- Sub-admins receiving notices before recipients existed keep receiving them: they become recipients,
-- counted as confirmed (they were never asked to confirm).
INSERT INTO "recipients" ("account_id", "sub_account_id", "full_name", "mailbox", "phone", "position", "sms_validated", "email_validated", "created_at")
SELECT "account_id", "id", "full_name", "mailbox", "phone_number", "position", 1, 1, "created_at"
FROM "sub_accounts" WHERE "deleted_at" IS NULL AND "is_receive_notify" = 1;
