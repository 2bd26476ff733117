CREATE TABLE "login_masks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_masks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"ips" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "backend_ticket_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "backend_ticket_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_masks" ADD CONSTRAINT "login_masks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_masks_account_key" ON "login_masks" USING btree ("account_id");