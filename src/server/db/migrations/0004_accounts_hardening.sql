DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "otp_sends" CASCADE;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "target" text;