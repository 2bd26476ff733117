DROP TABLE "sms_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "message_outbox" CASCADE;