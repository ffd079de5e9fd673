-- Hand-written (with the generated statements below): pg_trgm for the search index, the §9 rank of existing products, and the
-- triggers that bump catalogue_version at the commit of any change a listing shows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalogue_changes" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_rank" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "category_rank" = CASE upper("categories"."name") WHEN 'CONGELATEUR' THEN 0 WHEN 'TELEVISION' THEN 1 WHEN 'REFRIGERATEUR' THEN 2 WHEN 'CUISINIERE' THEN 3 ELSE 4 END
  FROM "categories" WHERE "categories"."id" = "products"."category_id";--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category_rank","rang","id","category_id","en_promo","is_creditorder","list_price","promo_price") WHERE "products"."sale_ok";--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","category_rank","rang","id") WHERE "products"."sale_ok";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_changes" ("txid") VALUES (txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deferred to the commit: the version row is the last lock a writer takes, so writers never deadlock on it.
CREATE FUNCTION "catalogue_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  DELETE FROM "catalogue_changes" WHERE "txid" = NEW."txid";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_changes_bump" AFTER INSERT ON "catalogue_changes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_bump"();--> statement-breakpoint
CREATE TRIGGER "products_listing_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
-- Only what decides which products a filter keeps: stock, image and rang writes leave every total as it was.
CREATE TRIGGER "products_listing_columns" AFTER UPDATE OF "name", "description", "category_id", "list_price", "en_promo", "promo_price", "is_creditorder", "sale_ok" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_tags_listing" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_tags" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_listing" AFTER UPDATE OF "name" OR DELETE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
