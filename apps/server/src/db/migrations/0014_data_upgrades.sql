CREATE TABLE "data_upgrades" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
