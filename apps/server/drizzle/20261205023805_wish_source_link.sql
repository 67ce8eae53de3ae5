ALTER TABLE "wishes" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "show_source_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_source_url_length" CHECK (char_length("wishes"."source_url") <= 2000);