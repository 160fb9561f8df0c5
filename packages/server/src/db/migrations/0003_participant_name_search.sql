DROP INDEX "participants_last_name_idx";--> statement-breakpoint
CREATE INDEX "participants_establishment_name_idx" ON "participants" USING btree ("establishment_id","active","last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_company_name_idx" ON "participants" USING btree ("company_id","active","last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "participants_group_name_idx" ON "participants" USING btree ("group_id","active","last_name" text_pattern_ops);