-- A member's parent account is a real account: a dangling parent_id (a parent account deleted before this rule) is cleared first.
UPDATE "users" AS m SET "parent_id" = NULL WHERE m."parent_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" AS p WHERE p."id" = m."parent_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_parent_id_idx" ON "users" USING btree ("parent_id") WHERE "users"."parent_id" IS NOT NULL;
