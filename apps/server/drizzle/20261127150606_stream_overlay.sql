CREATE TABLE "overlay_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"show_alerts" boolean DEFAULT true NOT NULL,
	"show_goal" boolean DEFAULT true NOT NULL,
	"show_leaderboard" boolean DEFAULT true NOT NULL,
	"min_tokens" integer DEFAULT 0 NOT NULL,
	"is_sound_on" boolean DEFAULT true NOT NULL,
	"leaderboard_period" text DEFAULT 'today' NOT NULL,
	"goal_wish_id" text,
	"goal_target_cents" bigint,
	"goal_started_at" timestamp with time zone,
	"goal_reached_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlay_settings_secret_unique" UNIQUE("secret"),
	CONSTRAINT "overlay_goal_whole" CHECK (("overlay_settings"."goal_target_cents" is null) = ("overlay_settings"."goal_started_at" is null)),
	CONSTRAINT "overlay_goal_target_positive" CHECK ("overlay_settings"."goal_target_cents" is null or "overlay_settings"."goal_target_cents" > 0),
	CONSTRAINT "overlay_min_tokens" CHECK ("overlay_settings"."min_tokens" >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "seller_seq" bigint;--> statement-breakpoint
-- Gifts made before: numbered per recipient in the order they were made.
UPDATE "purchases" p SET "seller_seq" = n.seq
FROM (SELECT id, row_number() OVER (PARTITION BY seller_id ORDER BY created_at, id) AS seq FROM purchases) n
WHERE n.id = p.id;--> statement-breakpoint
ALTER TABLE "purchases" ALTER COLUMN "seller_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "overlay_settings" ADD CONSTRAINT "overlay_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlay_settings" ADD CONSTRAINT "overlay_settings_goal_wish_id_wishes_id_fk" FOREIGN KEY ("goal_wish_id") REFERENCES "public"."wishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_seller_seq_idx" ON "purchases" USING btree ("seller_id","seller_seq");--> statement-breakpoint
-- Numbers each new purchase among its recipient's (purchases.seller_seq: 1, 2, 3, ...). The transaction
-- takes a lock per recipient, held to its commit, before reading the last number: of two gifts to one
-- creator the second waits for the first to commit, so numbers become visible in order and without gaps,
-- and the stream overlay can resume after the last one it showed (decision 031).
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.purchases_number_per_seller()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('purchases_seller_seq:' || NEW.seller_id, 0));
  NEW.seller_seq := coalesce(
    (SELECT max(seller_seq) FROM purchases WHERE seller_id = NEW.seller_id), 0) + 1;
  RETURN NEW;
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER purchases_number_per_seller BEFORE INSERT ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchases_number_per_seller();
