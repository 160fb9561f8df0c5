CREATE TABLE "deployment" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deployment_single_row" CHECK ("deployment"."id"),
	CONSTRAINT "deployment_kind_check" CHECK ("deployment"."kind" in ('demo', 'production'))
);
--> statement-breakpoint
-- A database the demo filled before this table existed holds its accounts (public password): mark it so.
INSERT INTO "deployment" ("kind")
SELECT 'demo' WHERE EXISTS (SELECT 1 FROM "users" WHERE "kind" = 'PARTICIPANT' AND "login" = 'participant.dmc');
