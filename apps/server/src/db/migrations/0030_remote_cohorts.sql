CREATE TABLE "remote_cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"cap" integer NOT NULL,
	"participants_created" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redirect_url" text,
	"created_by_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_cohorts_cap_check" CHECK ("remote_cohorts"."cap" between 1 and 10000),
	CONSTRAINT "remote_cohorts_created_check" CHECK ("remote_cohorts"."participants_created" between 0 and "remote_cohorts"."cap")
);
--> statement-breakpoint
CREATE TABLE "remote_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"external_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "source" text DEFAULT 'lab' NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_cohorts" ADD CONSTRAINT "remote_cohorts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_cohort_id_remote_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."remote_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_cohorts_token_hash_idx" ON "remote_cohorts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "remote_cohorts_test_idx" ON "remote_cohorts" USING btree ("test_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sessions_token_hash_idx" ON "remote_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sessions_participant_idx" ON "remote_sessions" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sessions_external_id_idx" ON "remote_sessions" USING btree ("cohort_id","external_id");--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_source_check" CHECK ("participants"."source" in ('lab', 'webcam'));