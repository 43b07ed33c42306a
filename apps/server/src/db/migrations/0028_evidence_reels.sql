CREATE TABLE "evidence_reels" (
	"id" serial PRIMARY KEY NOT NULL,
	"insight_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"caption_language" text DEFAULT 'original' NOT NULL,
	"clips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"left_out" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"rendered_point_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_reels_progress_check" CHECK ("evidence_reels"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "evidence_reels" ADD CONSTRAINT "evidence_reels_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_reels_insight_idx" ON "evidence_reels" USING btree ("insight_id");