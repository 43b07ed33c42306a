ALTER TABLE "participants" ADD COLUMN "setup_id" integer;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "geometry" jsonb;--> statement-breakpoint
ALTER TABLE "test_setups" ADD COLUMN "geometry" jsonb;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_setup_id_test_setups_id_fk" FOREIGN KEY ("setup_id") REFERENCES "public"."test_setups"("id") ON DELETE set null ON UPDATE no action;