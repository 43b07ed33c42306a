CREATE TABLE "remote_validations" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"accuracy_deg" real,
	"precision_deg" real,
	"accuracy_px" real,
	"precision_px" real,
	"targets_used" integer NOT NULL,
	"px_per_degree" real NOT NULL,
	"verdict" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_validations_attempt_check" CHECK ("remote_validations"."attempt" between 1 and 6),
	CONSTRAINT "remote_validations_verdict_check" CHECK ("remote_validations"."verdict" in ('passed', 'recalibrate', 'continue_without_gaze', 'stop'))
);
--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD COLUMN "gaze_threshold_deg" double precision DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD COLUMN "gaze_max_recalibrations" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD COLUMN "gaze_on_failure" text DEFAULT 'continue_without_gaze' NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD COLUMN "gaze_without_validation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "validation_accuracy_deg" real;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "validation_precision_deg" real;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "tracking_ratio" real;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "sampling_rate_hz" real;--> statement-breakpoint
ALTER TABLE "remote_validations" ADD CONSTRAINT "remote_validations_session_id_remote_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."remote_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_validations" ADD CONSTRAINT "remote_validations_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_validations_session_idx" ON "remote_validations" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "remote_validations_participant_idx" ON "remote_validations" USING btree ("participant_id");--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_gaze_threshold_check" CHECK ("remote_cohorts"."gaze_threshold_deg" between 0.5 and 10);--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_gaze_recalibrations_check" CHECK ("remote_cohorts"."gaze_max_recalibrations" between 0 and 5);--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_gaze_on_failure_check" CHECK ("remote_cohorts"."gaze_on_failure" in ('continue_without_gaze', 'stop'));