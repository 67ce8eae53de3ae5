ALTER TABLE "payout_accounts" ADD COLUMN "status_as_of" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_destination_payment" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_key" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_key_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "is_awaiting_funds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_event_created" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("provider_account_id","status");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_provider_destination_payment_unique" UNIQUE("provider_destination_payment");