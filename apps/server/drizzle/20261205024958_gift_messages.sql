CREATE TABLE "gift_message_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"blocked_words" text[],
	"hold_every_message" boolean DEFAULT false NOT NULL,
	"is_speech_on" boolean DEFAULT false NOT NULL,
	"speech_voice" text,
	"speech_volume" integer DEFAULT 80 NOT NULL,
	"speech_min_tokens" integer DEFAULT 0 NOT NULL,
	"speech_max_seconds" integer DEFAULT 15 NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"is_wall_on" boolean DEFAULT false NOT NULL,
	"control_secret" text NOT NULL,
	"shown_seq" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_message_settings_control_secret_unique" UNIQUE("control_secret"),
	CONSTRAINT "gift_message_speech_volume" CHECK ("gift_message_settings"."speech_volume" between 0 and 100),
	CONSTRAINT "gift_message_speech_min_tokens" CHECK ("gift_message_settings"."speech_min_tokens" >= 0),
	CONSTRAINT "gift_message_speech_max_seconds" CHECK ("gift_message_settings"."speech_max_seconds" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "message_state" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "message_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD COLUMN "message_state" text;--> statement-breakpoint
ALTER TABLE "gift_message_settings" ADD CONSTRAINT "gift_message_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_seller_message_idx" ON "purchases" USING btree ("seller_id","created_at","id") WHERE "purchases"."message" is not null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_message_length" CHECK (char_length("purchases"."message") between 1 and 200);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_message_state" CHECK (("purchases"."message" is null) = ("purchases"."message_state" is null));