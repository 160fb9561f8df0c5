ALTER TABLE "enum_items" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enum_items" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "enum_items" ADD COLUMN "owner_level" text;--> statement-breakpoint
ALTER TABLE "enum_items" ADD COLUMN "owner_establishment_id" integer;--> statement-breakpoint
ALTER TABLE "enum_items" ADD COLUMN "owner_company_id" integer;--> statement-breakpoint
ALTER TABLE "enum_items" ADD COLUMN "owner_group_id" integer;