CREATE TABLE "prediction_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requester_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "heatmap_id" integer;--> statement-breakpoint
ALTER TABLE "prediction_projects" ADD CONSTRAINT "prediction_projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_projects" ADD CONSTRAINT "prediction_projects_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prediction_projects_company_idx" ON "prediction_projects" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_project_id_prediction_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."prediction_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_heatmap_id_heatmaps_id_fk" FOREIGN KEY ("heatmap_id") REFERENCES "public"."heatmaps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predictions_project_idx" ON "predictions" USING btree ("project_id");