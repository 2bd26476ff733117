ALTER TABLE "wechat_tickets" ADD COLUMN "browser_nonce_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_tickets" ADD COLUMN "order_code" varchar(32);