CREATE TABLE "voice_chunks" (
	"take_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "voice_chunks_take_id_seq_pk" PRIMARY KEY("take_id","seq")
);
--> statement-breakpoint
CREATE TABLE "voice_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"take" integer NOT NULL,
	"media_type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"file_key" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "voice_chunks" ADD CONSTRAINT "voice_chunks_take_id_voice_takes_id_fk" FOREIGN KEY ("take_id") REFERENCES "public"."voice_takes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_chunks" ADD CONSTRAINT "voice_chunks_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_takes" ADD CONSTRAINT "voice_takes_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_chunks_participant_idx" ON "voice_chunks" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_takes_participant_take_idx" ON "voice_takes" USING btree ("participant_id","take");