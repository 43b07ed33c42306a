CREATE TABLE "consultancy_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_id" integer NOT NULL,
	"note_type" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultancy_notes_type_check" CHECK ("consultancy_notes"."note_type" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "shown_association_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consultancy_notes" ADD CONSTRAINT "consultancy_notes_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultancy_notes_label_type_idx" ON "consultancy_notes" USING btree ("label_id","note_type");