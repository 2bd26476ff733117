ALTER TABLE "wechat_scenes" ADD COLUMN "secret_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD COLUMN "form_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD COLUMN "requester_browser" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_scenes" ADD COLUMN "requester_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD COLUMN "secret_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD COLUMN "form_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD COLUMN "requester_browser" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_bind_scenes" ADD COLUMN "requester_ip" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_scenes_form_token_key" ON "wechat_scenes" USING btree ("form_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_bind_scenes_form_token_key" ON "wechat_bind_scenes" USING btree ("form_token_hash");