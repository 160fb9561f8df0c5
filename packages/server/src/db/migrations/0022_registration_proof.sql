ALTER TABLE "account_tokens" ADD COLUMN "proof_hash" text;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "proof_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "proof_expires_at" timestamp with time zone;