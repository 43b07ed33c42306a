ALTER TABLE "profiles" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "translation" text DEFAULT '' NOT NULL;