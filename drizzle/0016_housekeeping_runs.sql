CREATE TABLE "housekeeping_runs" (
	"job" varchar(64) PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
