CREATE TABLE "search_term_days" (
	"day" date NOT NULL,
	"terme" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_term_days_day_terme_pk" PRIMARY KEY("day","terme")
);
--> statement-breakpoint
DROP INDEX "search_terms_visitor_idx";--> statement-breakpoint
DROP INDEX "search_terms_ip_idx";--> statement-breakpoint
CREATE INDEX "search_terms_created_idx" ON "search_terms" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "search_term_days" ("day", "terme", "count")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, lower(trim("terme")), count(*)::int FROM "search_terms" GROUP BY 1, 2;
