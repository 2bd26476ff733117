CREATE TABLE "account_cancellations" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_cancellations" ADD CONSTRAINT "account_cancellations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_cancellations" ADD CONSTRAINT "account_cancellations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_cancellations_due_idx" ON "account_cancellations" USING btree ("due_at");