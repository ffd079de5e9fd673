CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_until") WHERE "orders"."hold_until" IS NOT NULL;--> statement-breakpoint
-- Orders placed before holds existed keep their stock at least one more day, so the retailer can confirm them first.
UPDATE "orders" SET "hold_until" = greatest("created_at" + interval '72 hours', now() + interval '24 hours')
  WHERE "state" = 'sale' AND "stock_taken" AND "payment_status" <> 'paid';--> statement-breakpoint
-- A paid order cancelled before this rule: its money is owed back.
UPDATE "orders" SET "payment_status" = 'refund_due' WHERE "state" = 'cancel' AND "payment_status" = 'paid';
