ALTER TABLE "predictions" ADD COLUMN "generation_state" text;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "generation_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "generation_message" text;