CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"score" integer,
	"checked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_score_check" CHECK ("answers"."score" is null or "answers"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "flows_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "insight_significant_points" (
	"insight_id" integer NOT NULL,
	"significant_point_id" integer NOT NULL,
	CONSTRAINT "insight_significant_points_insight_id_significant_point_id_pk" PRIMARY KEY("insight_id","significant_point_id")
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"assigned_id" integer NOT NULL,
	"title" text NOT NULL,
	"behavior_comment" text DEFAULT '' NOT NULL,
	"eeg_comment" text DEFAULT '' NOT NULL,
	"eye_tracking_comment" text DEFAULT '' NOT NULL,
	"touch_tracking_comment" text DEFAULT '' NOT NULL,
	"explanation" text DEFAULT '...' NOT NULL,
	"summary" text DEFAULT '...' NOT NULL,
	"suggestion" text DEFAULT '' NOT NULL,
	"focus_point" text DEFAULT '' NOT NULL,
	"highlight_id" integer,
	"highlight_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_tag_links" (
	"resource_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "resource_tag_links_resource_id_tag_id_pk" PRIMARY KEY("resource_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "resource_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"resource_type" integer DEFAULT 0 NOT NULL,
	"date" date DEFAULT now() NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"image" text,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_type_check" CHECK ("resources"."resource_type" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"title" text NOT NULL,
	"suggestion" text DEFAULT '' NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"effort" integer,
	"impact" integer,
	"next_step" integer,
	"owner_id" integer,
	"author_id" integer,
	"insight_id" integer,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_effort_check" CHECK ("suggestions"."effort" is null or "suggestions"."effort" between 1 and 3),
	CONSTRAINT "suggestions_impact_check" CHECK ("suggestions"."impact" is null or "suggestions"."impact" between 1 and 3),
	CONSTRAINT "suggestions_next_step_check" CHECK ("suggestions"."next_step" is null or "suggestions"."next_step" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"caption_low" text DEFAULT '' NOT NULL,
	"caption_high" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_questions_kind_check" CHECK (kind in ('open', 'scale', 'association'))
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_test_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."test_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_significant_points" ADD CONSTRAINT "insight_significant_points_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_significant_points" ADD CONSTRAINT "insight_significant_points_significant_point_id_significant_points_id_fk" FOREIGN KEY ("significant_point_id") REFERENCES "public"."significant_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_highlight_id_significant_points_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."significant_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tag_links" ADD CONSTRAINT "resource_tag_links_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tag_links" ADD CONSTRAINT "resource_tag_links_tag_id_resource_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."resource_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_question_participant_idx" ON "answers" USING btree ("question_id","participant_id");--> statement-breakpoint
CREATE INDEX "answers_participant_idx" ON "answers" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "insight_significant_points_point_idx" ON "insight_significant_points" USING btree ("significant_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insights_test_assigned_idx" ON "insights" USING btree ("test_id","assigned_id");--> statement-breakpoint
CREATE INDEX "resource_tag_links_tag_idx" ON "resource_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_tags_name_idx" ON "resource_tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "resources_published_idx" ON "resources" USING btree ("published","date");--> statement-breakpoint
CREATE INDEX "suggestions_test_idx" ON "suggestions" USING btree ("test_id","rank");--> statement-breakpoint
CREATE INDEX "test_questions_test_idx" ON "test_questions" USING btree ("test_id","kind","position");--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;