-- Hand-written: a sale no longer updates one shared row. A write that changes only a product's stock (`quantity`, with its
-- `updated_at`: an order taking stock, a cancellation giving it back, stock set in the back office) leaves row 2 of
-- catalogue_version as it is, so remembered listing answers stay (they read each shown product's stock afresh,
-- listing-answers.ts). It bumps instead a stock row of its own connection's slot (ids 1000–1255, pg_backend_pid() mod 256),
-- so concurrent sales on other connections never wait on each other for it; the sum of those rows is part of the
-- catalogue's ETag (http/freshness.ts), so a page or a read that shows stock is never answered 304 after a sale.
-- Any other column of products still moves row 2: a new column must be added to the list of "products_listing_answer"
-- (listing-upkeep.test.ts checks that only quantity, updated_at and the generated search_text are left out).
DROP TRIGGER "products_listing_answer" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_listing_answer" AFTER UPDATE OF "id", "name", "description", "category_id", "list_price", "en_promo", "promo_price", "preorder_price", "is_creditorder", "creditorder_price", "sale_ok", "rang", "date", "location", "image_version", "category_rank", "created_at" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "listing_changed"();--> statement-breakpoint
-- A stock change is pending under the transaction's id negated (ids are positive), beside its other changes, if any.
CREATE FUNCTION "stock_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_changes" ("txid", "filters") VALUES (-txid_current(), false) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_stock" AFTER UPDATE OF "quantity" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "stock_changed"();--> statement-breakpoint
-- Still deferred to the commit, once per kind of change. A transaction that moves row 2 needs no stock row (row 2 changes
-- the ETag already), whichever of its pending rows is handled first; each pending row is handled once, and only while it is
-- still there. Row 1 before row 2, and the stock row only in a transaction that takes neither, so writers never deadlock.
CREATE OR REPLACE FUNCTION "catalogue_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."txid" < 0 THEN
    DELETE FROM "catalogue_changes" WHERE "txid" = NEW."txid";
    IF NOT FOUND OR EXISTS (SELECT 1 FROM "catalogue_changes" WHERE "txid" = -NEW."txid") THEN
      RETURN NULL;
    END IF;
    INSERT INTO "catalogue_version" ("id", "version") VALUES (1000 + pg_backend_pid() % 256, 1)
      ON CONFLICT ("id") DO UPDATE SET "version" = "catalogue_version"."version" + 1;
    RETURN NULL;
  END IF;
  IF (SELECT "filters" FROM "catalogue_changes" WHERE "txid" = NEW."txid") THEN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 2;
  DELETE FROM "catalogue_changes" WHERE "txid" IN (NEW."txid", -NEW."txid");
  RETURN NULL;
END $$;
