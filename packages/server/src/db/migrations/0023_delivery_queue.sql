ALTER TABLE "outbox" ALTER COLUMN "status" SET DEFAULT 'QUEUED';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "purpose" text DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id","id") WHERE "outbox"."user_id" is not null;--> statement-breakpoint
-- Messages of the synchronous notifier: a demo one was accepted by the demo outbox, a pending one was
-- never known to leave, a failed one was not retried. The queue takes over from here.
UPDATE "outbox" SET "status" = 'SENT', "sent_at" = coalesce("sent_at", "created_at") WHERE "status" = 'DEMO';--> statement-breakpoint
UPDATE "outbox" SET "status" = 'DEAD', "last_error" = coalesce("last_error", 'not sent before the delivery queue') WHERE "status" IN ('PENDING', 'FAILED');
