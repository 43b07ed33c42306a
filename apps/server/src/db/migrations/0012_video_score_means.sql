CREATE TABLE "video_score_means" (
	"participant_id" integer PRIMARY KEY NOT NULL,
	"joy" double precision NOT NULL,
	"attention" double precision NOT NULL,
	"frustration" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_score_means" ADD CONSTRAINT "video_score_means_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;