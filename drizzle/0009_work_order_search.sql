-- The work-order list's text filters match anywhere in the text: trigram indexes for them.
-- pg_trgm ships with PostgreSQL (contrib) and PGlite (loaded by server/db/client.ts); it is a trusted
-- extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "work_orders_number_trgm_idx" ON "work_orders" USING gin ("number" gin_trgm_ops) WHERE "work_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "work_orders_description_trgm_idx" ON "work_orders" USING gin ("description" gin_trgm_ops) WHERE "work_orders"."deleted_at" is null;