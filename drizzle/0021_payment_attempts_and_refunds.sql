-- Payments keyed by attempt: an order may have several attempts, each with its own out_trade_no,
-- and several payments, each with its refund state.
DROP INDEX "payments_order_key";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_order_id_provider_pk";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
-- Attempts made before this migration were one per order and provider, under the order's own code.
ALTER TABLE "payment_attempts" ADD COLUMN "channel" varchar(16) DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "channel" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "trade_no" varchar(32);--> statement-breakpoint
UPDATE "payment_attempts" SET "trade_no" = "order_code";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "trade_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "out_trade_no" varchar(32);--> statement-breakpoint
UPDATE "payments" SET "out_trade_no" = "order_code";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "out_trade_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "state" varchar(16) DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" varchar(128);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_no" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_trade_key" ON "payment_attempts" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refund_key" ON "payments" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("refund_next_at") WHERE "payments"."state" in ('refund_due', 'refunding');