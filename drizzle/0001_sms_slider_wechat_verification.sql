CREATE TABLE "wechat_scenes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_scenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"openid" varchar(64),
	"member_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"openid" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "solved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "wx_open_id" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "failed_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD CONSTRAINT "wechat_scenes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_scenes_code_key" ON "wechat_scenes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_tickets_token_key" ON "wechat_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "members_wx_open_id_key" ON "members" USING btree ("wx_open_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_ip_idx" ON "sms_outbox" USING btree ("ip","created_at");