-- Hand-written (with the generated statement first): a second version, row 2 of catalogue_version, of everything a listing
-- answer shows, so a whole answer can be remembered and served again while the shop stays the same (listing-answers.ts).
-- Row 1 still moves only with what a filter keeps (remembered totals); row 2 moves with that and with any other write to a
-- product (stock from an order, rang, picture), a product's tags, or a tag's or category's name.
ALTER TABLE "catalogue_changes" ADD COLUMN "filters" boolean DEFAULT true NOT NULL;--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (2, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- One pending row per transaction; a change to what filters keep marks it, whichever kind of change came first.
CREATE OR REPLACE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_changes" ("txid", "filters") VALUES (txid_current(), true)
    ON CONFLICT ("txid") DO UPDATE SET "filters" = true WHERE NOT "catalogue_changes"."filters";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_changes" ("txid", "filters") VALUES (txid_current(), false) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Still deferred to the commit, once per transaction; row 1 before row 2 in every transaction, so writers never deadlock.
-- The pending row is read again: a deferred trigger's NEW is the row as inserted, before a later change marked it.
CREATE OR REPLACE FUNCTION "catalogue_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "filters" FROM "catalogue_changes" WHERE "txid" = NEW."txid") THEN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 2;
  DELETE FROM "catalogue_changes" WHERE "txid" = NEW."txid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_listing_answer" AFTER UPDATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_listing_answer" AFTER UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_listing_answer" AFTER TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();
