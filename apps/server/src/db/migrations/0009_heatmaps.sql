CREATE TABLE "heatmaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"match_type" "label_match_type" DEFAULT 'exact' NOT NULL,
	"screenshot" text,
	"capture_state" text,
	"capture_progress" integer DEFAULT 0 NOT NULL,
	"capture_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heatmaps" ADD CONSTRAINT "heatmaps_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heatmaps_test_idx" ON "heatmaps" USING btree ("test_id");