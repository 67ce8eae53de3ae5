CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"is_buyer_anonymous" boolean NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"last_message_type" text,
	"last_message_text" text,
	"last_message_sender_id" text,
	"buyer_seen_at" timestamp with time zone,
	"recipient_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "conversations_two_people" CHECK ("conversations"."buyer_id" <> "conversations"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"version" bigint NOT NULL,
	"sender_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text,
	"image_key" text,
	"thumb_key" text,
	"blurhash" text,
	"image_width" integer,
	"image_height" integer,
	"unlocked_at" timestamp with time zone,
	"buyer_reaction" text,
	"recipient_reaction" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") <= 5000),
	CONSTRAINT "messages_text_has_content" CHECK ("messages"."type" <> 'text' or "messages"."content" is not null)
);
--> statement-breakpoint
CREATE TABLE "fan_memberships" (
	"creator_id" text NOT NULL,
	"fan_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_memberships_creator_id_fan_id_pk" PRIMARY KEY("creator_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"purchase_id" text,
	"conversation_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_subject" CHECK (("notifications"."kind" = 'gift') = ("notifications"."purchase_id" is not null)),
	CONSTRAINT "notifications_conversation" CHECK (("notifications"."kind" = 'message') = ("notifications"."conversation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"notify_gifts" boolean DEFAULT true NOT NULL,
	"notify_messages" boolean DEFAULT true NOT NULL,
	"fans_can_message" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_memberships" ADD CONSTRAINT "fan_memberships_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_memberships" ADD CONSTRAINT "fan_memberships_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_buyer_idx" ON "conversations" USING btree ("buyer_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_recipient_idx" ON "conversations" USING btree ("recipient_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_key" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "messages_conversation_version_idx" ON "messages" USING btree ("conversation_id","version");--> statement-breakpoint
CREATE INDEX "fan_memberships_creator_idx" ON "fan_memberships" USING btree ("creator_id","joined_at");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("not_before") WHERE "notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_claimed_idx" ON "notifications" USING btree ("claimed_until") WHERE "notifications"."status" in ('claimed', 'sending');--> statement-breakpoint
CREATE INDEX "notifications_conversation_idx" ON "notifications" USING btree ("user_id","conversation_id","created_at");