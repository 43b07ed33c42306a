CREATE TABLE "video_series" (
	"participant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"step_ms" double precision NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "video_series_participant_id_kind_pk" PRIMARY KEY("participant_id","kind"),
	CONSTRAINT "video_series_kind_check" CHECK (kind in ('spread', 'fluency'))
);
--> statement-breakpoint
ALTER TABLE "video_series" ADD CONSTRAINT "video_series_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;