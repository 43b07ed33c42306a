CREATE TABLE "audit_log" (
	"seq" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL,
	"company_id" integer,
	"test_id" integer,
	"subject" text,
	"action" text NOT NULL,
	"detail" jsonb NOT NULL,
	"address" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"terms_id" integer NOT NULL,
	"streams" jsonb NOT NULL,
	"purposes" jsonb NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"recorded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"streams" jsonb NOT NULL,
	"purposes" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_salt" text NOT NULL,
	"subject_hash" text NOT NULL,
	"state" text NOT NULL,
	"requested_by_id" integer,
	"requested_at" timestamp with time zone,
	"erased_by_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"targets" jsonb,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pending_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_policies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"recordings_days" integer NOT NULL,
	"streams_days" integer NOT NULL,
	"derived_days" integer,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_policies_days_check" CHECK ("retention_policies"."recordings_days" > 0 and "retention_policies"."streams_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "evidence_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "audit_subject" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "removed_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_terms_id_consent_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."consent_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_terms" ADD CONSTRAINT "consent_terms_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_terms" ADD CONSTRAINT "consent_terms_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_id_users_id_fk" FOREIGN KEY ("erased_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_policies" ADD CONSTRAINT "retention_policies_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_test_idx" ON "audit_log" USING btree ("test_id","seq");--> statement-breakpoint
CREATE INDEX "consent_records_participant_idx" ON "consent_records" USING btree ("participant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_terms_test_version_idx" ON "consent_terms" USING btree ("test_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "erasures_test_participant_idx" ON "erasures" USING btree ("test_id","participant_id");--> statement-breakpoint
CREATE INDEX "erasures_company_idx" ON "erasures" USING btree ("company_id","id");--> statement-breakpoint
-- A test that is done already counts its retention from its last change.
UPDATE "tests" SET "done_at" = "updated_at" WHERE "state" = 'done';--> statement-breakpoint
-- The audit trail is append-only: the database itself refuses to change or remove an entry, so
-- that not even a bug in the product can; the hash chain finds what is done around it.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % is refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
