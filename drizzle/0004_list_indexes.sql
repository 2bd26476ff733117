DROP INDEX "notices_addressee_idx";--> statement-breakpoint
DROP INDEX "notices_addressee_time_idx";--> statement-breakpoint
DROP INDEX "operate_records_account_idx";--> statement-breakpoint
DROP INDEX "orders_account_idx";--> statement-breakpoint
DROP INDEX "orders_business_idx";--> statement-breakpoint
CREATE INDEX "notices_unpopped_idx" ON "notices" USING btree ("account_id","sub_account_id","created_at","id") WHERE "notices"."read_status" = 0 and not "notices"."popped";--> statement-breakpoint
CREATE INDEX "notices_addressee_idx" ON "notices" USING btree ("account_id","sub_account_id","read_status","created_at","id");--> statement-breakpoint
CREATE INDEX "notices_addressee_time_idx" ON "notices" USING btree ("account_id","sub_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "operate_records_account_idx" ON "operate_records" USING btree ("account_id","sub_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","is_display","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id","created_at","id");