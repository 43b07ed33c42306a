CREATE TABLE "areas_of_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"prediction_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"name" text,
	"top" real NOT NULL,
	"left" real NOT NULL,
	"width" real NOT NULL,
	"height" real NOT NULL,
	"value" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requester_id" integer,
	"title" text NOT NULL,
	"application" text DEFAULT '' NOT NULL,
	"image_format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"generated_at" timestamp with time zone,
	"peekthrough_attention_share" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "predictions_image_format_check" CHECK ("predictions"."image_format" in ('png', 'jpg'))
);
--> statement-breakpoint
ALTER TABLE "areas_of_interest" ADD CONSTRAINT "areas_of_interest_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_of_interest_prediction_idx" ON "areas_of_interest" USING btree ("prediction_id","id");--> statement-breakpoint
CREATE INDEX "predictions_company_idx" ON "predictions" USING btree ("company_id","id");