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
ALTER TABLE "notices" ADD COLUMN "template_title" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "popped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD CONSTRAINT "wechat_bind_scenes_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bind_scenes_code_key" ON "wechat_bind_scenes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "wechat_bind_scenes_member_idx" ON "wechat_bind_scenes" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "notices_addressee_time_idx" ON "notices" USING btree ("account_id","sub_account_id","created_at");