CREATE TABLE "ai_insight_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"tag_id" integer,
	"focus_point" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_insight_generations" ADD CONSTRAINT "ai_insight_generations_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insight_generations" ADD CONSTRAINT "ai_insight_generations_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insight_generations" ADD CONSTRAINT "ai_insight_generations_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_insight_generations_test_idx" ON "ai_insight_generations" USING btree ("test_id","id");