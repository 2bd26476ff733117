CREATE TABLE "evaluations" (
	"uuid" varchar(36) PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer,
	"work_order_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"items" jsonb NOT NULL,
	"answers" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "evaluations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "evaluations_work_order_id_unique" UNIQUE("work_order_id"),
	CONSTRAINT "evaluations_one_subject" CHECK (("evaluations"."order_id" is null) <> ("evaluations"."work_order_id" is null))
);
--> statement-breakpoint
-- Work-order survey links made before this migration keep their uuId, with the work-order questions.
INSERT INTO "evaluations" ("uuid", "account_id", "work_order_id", "status", "items", "created_at")
SELECT e."uuid", w."account_id", e."work_order_id", e."status", '[{"explain":"","required":false,"data":[],"dataValue":"","align":"center","type":0,"title":"工单服务评价"},{"explain":"","required":false,"data":[],"dataValue":"","align":"center","type":1,"title":"您的评价将帮助我们改进服务"},{"explain":"","required":true,"data":[],"dataValue":"","align":"left","type":6,"title":"工程师服务评分"},{"explain":"","required":true,"data":["已解决","部分解决","未解决"],"dataValue":"","align":"left","type":2,"title":"问题是否已解决？"},{"explain":"","required":false,"data":["响应及时","专业耐心","沟通清楚","解决彻底"],"dataValue":"","align":"left","type":3,"title":"工程师做得好的地方"},{"explain":"","required":true,"data":[],"dataValue":"","align":"left","type":4,"title":"一句话评价本次服务"},{"explain":"","required":false,"data":[],"dataValue":"","align":"left","type":5,"title":"其他意见或建议"}]'::jsonb, e."created_at"
FROM "work_order_evaluations" e JOIN "work_orders" w ON w."id" = e."work_order_id";--> statement-breakpoint
DROP TABLE "work_order_evaluations" CASCADE;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_account_idx" ON "evaluations" USING btree ("account_id");