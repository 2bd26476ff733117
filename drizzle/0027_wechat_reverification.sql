CREATE TABLE "wechat_reverifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_reverifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" varchar(64) NOT NULL,
	"member_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"requester_browser" varchar(64) NOT NULL,
	"requester_ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_reverifications" ADD CONSTRAINT "wechat_reverifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_reverifications" ADD CONSTRAINT "wechat_reverifications_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_reverifications_code_key" ON "wechat_reverifications" USING btree ("code_hash");