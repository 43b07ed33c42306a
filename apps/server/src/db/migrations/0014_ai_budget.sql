CREATE TABLE "ai_usage" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ai_insight_language" text DEFAULT 'Dutch' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ai_monthly_token_budget" integer DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;