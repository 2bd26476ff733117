CREATE TABLE "group_robots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_robots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"category" varchar(16) NOT NULL,
	"platform" varchar(16) NOT NULL,
	"sealed_url" text NOT NULL,
	"sealed_secret" text,
	"masked_url" varchar(96) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_wechat_ids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_wechat_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"app" varchar(8) NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"unionid" varchar(64),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_subscriptions" (
	"member_id" integer NOT NULL,
	"app" varchar(8) NOT NULL,
	"template" varchar(32) NOT NULL,
	"remaining" smallint DEFAULT 0 NOT NULL,
	"refused_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_subscriptions_member_id_app_template_pk" PRIMARY KEY("member_id","app","template")
);
--> statement-breakpoint
ALTER TABLE "group_robots" ADD CONSTRAINT "group_robots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_wechat_ids" ADD CONSTRAINT "member_wechat_ids_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_subscriptions" ADD CONSTRAINT "wechat_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_robots_account_category_key" ON "group_robots" USING btree ("account_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "member_wechat_ids_member_app_key" ON "member_wechat_ids" USING btree ("member_id","app");--> statement-breakpoint
CREATE UNIQUE INDEX "member_wechat_ids_openid_key" ON "member_wechat_ids" USING btree ("app_id","openid");