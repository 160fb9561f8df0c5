ALTER TABLE "companies" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "ins_nir" varchar(15);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_centre_id_idx" ON "companies" USING btree ("centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "establishments_centre_id_idx" ON "establishments" USING btree ("centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_centre_id_idx" ON "groups" USING btree ("centre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_centre_id_idx" ON "participants" USING btree ("centre_id");