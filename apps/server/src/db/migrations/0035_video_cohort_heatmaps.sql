CREATE TABLE "video_cohort_heatmaps" (
	"participant_id" integer NOT NULL,
	"cohort" text NOT NULL,
	"viewers" integer NOT NULL,
	"emotion_viewers" integer NOT NULL,
	"video" text,
	CONSTRAINT "video_cohort_heatmaps_participant_id_cohort_pk" PRIMARY KEY("participant_id","cohort"),
	CONSTRAINT "video_cohort_heatmaps_cohort_check" CHECK ("video_cohort_heatmaps"."cohort" in ('lab', 'remote'))
);
--> statement-breakpoint
ALTER TABLE "moments" ADD COLUMN "cohort" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_cohort_heatmaps" ADD CONSTRAINT "video_cohort_heatmaps_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_cohort_check" CHECK (cohort in ('all', 'lab', 'remote'));