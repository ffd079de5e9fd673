-- Hand-written (with the generated statements first): the words shoppers use, seeded with the usual ones, and the searches
-- that found nothing. A synonym changes what a search keeps, so it moves both catalogue versions (remembered totals and
-- answers); a pack or a new category or tag moves row 2, so a page's validator (ETag) changes with anything a page shows.
CREATE TABLE "search_miss_days" (
	"day" date NOT NULL,
	"terme" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_miss_days_day_terme_pk" PRIMARY KEY("day","terme")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"meaning" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_word_key" ON "search_synonyms" USING btree (search_fold("word"));--> statement-breakpoint
INSERT INTO "search_synonyms" ("word", "meaning") VALUES
  ('frigo', 'réfrigérateur'), ('frigidaire', 'réfrigérateur'), ('congélo', 'congélateur'), ('télé', 'téléviseur'),
  ('tv', 'téléviseur'), ('clim', 'climatiseur'), ('gazinière', 'cuisinière'), ('machine à laver', 'lave-linge'),
  ('micro-onde', 'micro-ondes'), ('four micro onde', 'micro-ondes');--> statement-breakpoint
CREATE TRIGGER "search_synonyms_listing" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "packs_listing_answer" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packs" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
CREATE TRIGGER "pack_lines_listing_answer" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pack_lines" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_new_listing_answer" AFTER INSERT ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_new_listing_answer" AFTER INSERT ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();
