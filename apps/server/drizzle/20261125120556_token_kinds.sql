CREATE TABLE "clawback_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clawback_id" text NOT NULL,
	"lot_id" bigint,
	"lot_spend_id" bigint,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clawbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"top_up_transfer_id" text NOT NULL,
	"transfer_id" text NOT NULL,
	"loss_cents" bigint NOT NULL,
	"restored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_spends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lot_id" bigint NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"clawed_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lot_spends_clawed" CHECK ("lot_spends"."clawed_cents" >= 0 and "lot_spends"."clawed_cents" <= "lot_spends"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "token_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_lots_remaining" CHECK ("token_lots"."remaining_cents" >= 0 and "token_lots"."remaining_cents" <= "token_lots"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_owner";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_cached";--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reversed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clawback_parts" ADD CONSTRAINT "clawback_parts_clawback_id_clawbacks_id_fk" FOREIGN KEY ("clawback_id") REFERENCES "public"."clawbacks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawback_parts" ADD CONSTRAINT "clawback_parts_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawback_parts" ADD CONSTRAINT "clawback_parts_lot_spend_id_lot_spends_id_fk" FOREIGN KEY ("lot_spend_id") REFERENCES "public"."lot_spends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_top_up_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("top_up_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_spends" ADD CONSTRAINT "lot_spends_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_spends" ADD CONSTRAINT "lot_spends_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clawback_parts_clawback_idx" ON "clawback_parts" USING btree ("clawback_id");--> statement-breakpoint
CREATE INDEX "lot_spends_lot_idx" ON "lot_spends" USING btree ("lot_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_lots_transfer_user_idx" ON "token_lots" USING btree ("transfer_id","user_id");--> statement-breakpoint
CREATE INDEX "token_lots_open_idx" ON "token_lots" USING btree ("user_id","kind","id") WHERE "token_lots"."remaining_cents" > 0;--> statement-breakpoint
CREATE INDEX "token_lots_pending_idx" ON "token_lots" USING btree ("created_at") WHERE "token_lots"."kind" = 'earned' and "token_lots"."remaining_cents" > 0;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject" CHECK (("notifications"."kind" in ('gift', 'gift_reversed')) = ("notifications"."purchase_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_owner" CHECK (("ledger_accounts"."kind" in ('wallet', 'earned_pending', 'earned_available')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_cached" CHECK (("ledger_accounts"."kind" in ('wallet', 'earned_pending', 'earned_available')) = ("ledger_accounts"."balance_cents" is not null));