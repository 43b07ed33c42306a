ALTER TABLE "participants" ADD COLUMN "excluded_from_metrics" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "eeg_quality" real;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "validation_targets" jsonb DEFAULT '[]'::jsonb NOT NULL;