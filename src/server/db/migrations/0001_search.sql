CREATE TABLE "search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terme" text NOT NULL,
	"source" text NOT NULL,
	"visitor" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_visitor_idx" ON "search_terms" USING btree ("visitor","created_at");--> statement-breakpoint
CREATE INDEX "search_terms_ip_idx" ON "search_terms" USING btree ("ip","created_at");