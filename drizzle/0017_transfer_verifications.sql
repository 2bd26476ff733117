CREATE TABLE "transfer_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"phone" varchar(11) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"choice" varchar(64),
	"spent_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transfer_verifications" ADD CONSTRAINT "transfer_verifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_verifications_session_idx" ON "transfer_verifications" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "captchas" DROP COLUMN "subject";