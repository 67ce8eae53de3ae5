CREATE TABLE "wishes" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"name" text NOT NULL,
	"cost" integer NOT NULL,
	"image" text,
	"blurhash" text,
	"description" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"purchased" boolean DEFAULT false NOT NULL,
	"allow_repeat_purchases" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishes_cost_range" CHECK ("wishes"."cost" between 20 and 999999),
	CONSTRAINT "wishes_name_length" CHECK (char_length("wishes"."name") between 1 and 100),
	CONSTRAINT "wishes_description_length" CHECK (char_length("wishes"."description") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishes_seller_list_idx" ON "wishes" USING btree ("seller_id","archived","purchased","pinned","updated_at");