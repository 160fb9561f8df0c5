ALTER TABLE "appointments" ADD COLUMN "purpose_en" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "status_en" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "type_label_en" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "state_label_en" text;--> statement-breakpoint
ALTER TABLE "advice_sheets" ADD COLUMN "name_en" text;