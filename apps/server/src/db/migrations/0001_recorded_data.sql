CREATE TYPE "public"."emotion" AS ENUM('joy', 'attention', 'frustration');--> statement-breakpoint
CREATE TYPE "public"."label_match_type" AS ENUM('exact', 'starts_with');--> statement-breakpoint
CREATE TYPE "public"."participant_state" AS ENUM('recording', 'finished');--> statement-breakpoint
CREATE TYPE "public"."participant_type" AS ENUM('default', 'video_heatmap');--> statement-breakpoint
CREATE TYPE "public"."stream_kind" AS ENUM('emotions', 'eyes', 'mice');--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"name" text NOT NULL,
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_type" "label_match_type" DEFAULT 'starts_with' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moments" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"emotion" text NOT NULL,
	"start" double precision NOT NULL,
	"end" double precision NOT NULL,
	CONSTRAINT "moments_emotion_check" CHECK (emotion in ('joy', 'attention', 'frustration', 'spread', 'fluency'))
);
--> statement-breakpoint
CREATE TABLE "participant_streams" (
	"participant_id" integer NOT NULL,
	"kind" "stream_kind" NOT NULL,
	"file_key" text NOT NULL,
	"sample_count" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"first_timestamp" double precision,
	"last_timestamp" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_streams_participant_id_kind_pk" PRIMARY KEY("participant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"real_id" text NOT NULL,
	"type" "participant_type" DEFAULT 'default' NOT NULL,
	"state" "participant_state" DEFAULT 'recording' NOT NULL,
	"demographic" jsonb DEFAULT '{"age":null,"gender":null,"education":null}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"video" text,
	"total_clicks" integer DEFAULT 0 NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_total_clicks_check" CHECK ("participants"."total_clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"label_id" integer,
	"timestamp_start" double precision NOT NULL,
	"timestamp_end" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "significant_point_tags" (
	"significant_point_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "significant_point_tags_significant_point_id_tag_id_pk" PRIMARY KEY("significant_point_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "significant_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"emotion" "emotion" NOT NULL,
	"timestamp_top" double precision NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"ranking" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"translation" text DEFAULT '' NOT NULL,
	"false_positive" boolean DEFAULT false NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"status" jsonb DEFAULT '{"eeg":false,"eye":false,"mouse":false,"tapp":false,"recorder":false,"redis":false}'::jsonb NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moments" ADD CONSTRAINT "moments_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_streams" ADD CONSTRAINT "participant_streams_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "significant_point_tags" ADD CONSTRAINT "significant_point_tags_significant_point_id_significant_points_id_fk" FOREIGN KEY ("significant_point_id") REFERENCES "public"."significant_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "significant_point_tags" ADD CONSTRAINT "significant_point_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "significant_points" ADD CONSTRAINT "significant_points_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labels_test_idx" ON "labels" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "moments_participant_idx" ON "moments" USING btree ("participant_id","start");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_test_real_id_idx" ON "participants" USING btree ("test_id","real_id");--> statement-breakpoint
CREATE INDEX "sections_participant_idx" ON "sections" USING btree ("participant_id","timestamp_start");--> statement-breakpoint
CREATE INDEX "significant_point_tags_tag_idx" ON "significant_point_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "significant_points_participant_idx" ON "significant_points" USING btree ("participant_id","timestamp_top");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_test_name_idx" ON "tags" USING btree ("test_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "test_setups_key_hash_idx" ON "test_setups" USING btree ("key_hash");