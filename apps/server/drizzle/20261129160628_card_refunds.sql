CREATE TABLE "card_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"top_up_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE no action ON UPDATE no action;