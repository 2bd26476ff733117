CREATE TABLE "payment_attempts" (
	"order_id" integer NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"queried_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_order_id_provider_pk" PRIMARY KEY("order_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;