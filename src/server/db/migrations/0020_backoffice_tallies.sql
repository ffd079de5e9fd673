-- Hand-written (migration 0019_backoffice_tallies): the back office at the retailer's size, part two.
-- No order nor product is written while the tallies are filled: the lock waits for the writers in flight and holds new
-- ones until the migration commits, and the triggers count every row written after it.
LOCK TABLE "products", "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The back office lists every product, for sale or not, in the §9 order: its pages walk this index and stop after the page.
CREATE INDEX "products_admin_listing_idx" ON "products" USING btree ("category_rank","rang","id") WHERE "products"."category_rank" >= 0;--> statement-breakpoint
-- Abandoned carts are counted along the updated_at range with their shopper's id read from the index itself (no visit
-- of each record's row to learn whether an order followed).
DROP INDEX "crm_records_updated_idx";--> statement-breakpoint
CREATE INDEX "crm_records_updated_idx" ON "crm_records" USING btree ("updated_at","user_id");--> statement-breakpoint
-- The dashboard's figures kept beside the orders instead of counted from them on every read.
-- order_day_tallies holds, per UTC day of an order's created_at and slot (the order's id mod 64), its orders not cancelled
-- and their revenue, the orders waiting (sale, confirmed) and those whose refund is due. Row triggers on orders add each
-- order's part and take back its old one in the same transaction, so the sums are exact at every commit. Orders placed
-- at once have consecutive ids, so they write different rows and never wait on each other for them; an order's later
-- changes write the row its placing wrote, so a slot whose orders are all settled is back to nothing waiting.
CREATE TABLE "order_day_tallies" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"refunds_due" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_tallies_day_slot_pk" PRIMARY KEY("day","slot")
);--> statement-breakpoint
-- The rows with orders still waiting or refunds due, whatever their day (at most one per such order): the dashboard sums
-- them without reading every day.
CREATE INDEX "order_day_tallies_open_idx" ON "order_day_tallies" USING btree ("day") WHERE "waiting" <> 0 OR "refunds_due" <> 0;--> statement-breakpoint
CREATE FUNCTION "order_tally_add"(d date, s smallint, o integer, r bigint, w integer, f integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o = 0 AND r = 0 AND w = 0 AND f = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "order_day_tallies" AS t ("day", "slot", "orders", "revenue", "waiting", "refunds_due")
    VALUES (d, s, o, r, w, f)
    ON CONFLICT ("day", "slot") DO UPDATE SET "orders" = t."orders" + o, "revenue" = t."revenue" + r,
      "waiting" = t."waiting" + w, "refunds_due" = t."refunds_due" + f;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  od date; o_orders integer := 0; o_revenue bigint := 0; o_waiting integer := 0; o_refunds integer := 0;
  slot smallint;
  nd date; n_orders integer := 0; n_revenue bigint := 0; n_waiting integer := 0; n_refunds integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    od := (OLD."created_at" AT TIME ZONE 'UTC')::date;
    IF OLD."state" <> 'cancel' THEN o_orders := 1; o_revenue := OLD."amount_total"; END IF;
    IF OLD."state" IN ('sale', 'confirmed') THEN o_waiting := 1; END IF;
    IF OLD."payment_status" = 'refund_due' THEN o_refunds := 1; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    nd := (NEW."created_at" AT TIME ZONE 'UTC')::date;
    IF NEW."state" <> 'cancel' THEN n_orders := 1; n_revenue := NEW."amount_total"; END IF;
    IF NEW."state" IN ('sale', 'confirmed') THEN n_waiting := 1; END IF;
    IF NEW."payment_status" = 'refund_due' THEN n_refunds := 1; END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    slot := OLD."id" % 64;
  ELSE
    slot := NEW."id" % 64;
  END IF;
  IF od = nd THEN
    PERFORM "order_tally_add"(nd, slot, n_orders - o_orders, n_revenue - o_revenue, n_waiting - o_waiting, n_refunds - o_refunds);
  ELSE
    IF od IS NOT NULL THEN PERFORM "order_tally_add"(od, slot, -o_orders, -o_revenue, -o_waiting, -o_refunds); END IF;
    IF nd IS NOT NULL THEN PERFORM "order_tally_add"(nd, slot, n_orders, n_revenue, n_waiting, n_refunds); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_tally_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_day_tallies";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_tally_write" AFTER INSERT OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_tally"();--> statement-breakpoint
CREATE TRIGGER "orders_tally_change" AFTER UPDATE OF "state", "amount_total", "payment_status", "created_at" ON "orders" FOR EACH ROW
  WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."amount_total" IS DISTINCT FROM NEW."amount_total"
    OR OLD."payment_status" IS DISTINCT FROM NEW."payment_status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "order_tally"();--> statement-breakpoint
CREATE TRIGGER "orders_tally_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_tally_reset"();--> statement-breakpoint
INSERT INTO "order_day_tallies" ("day", "slot", "orders", "revenue", "waiting", "refunds_due")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "id" % 64,
  count(*) FILTER (WHERE "state" <> 'cancel'),
  coalesce(sum("amount_total") FILTER (WHERE "state" <> 'cancel'), 0),
  count(*) FILTER (WHERE "state" IN ('sale', 'confirmed')),
  count(*) FILTER (WHERE "payment_status" = 'refund_due')
FROM "orders" GROUP BY 1, 2;--> statement-breakpoint
-- The dashboard's stock alerts the same way: per slot (the product's id mod 64), the products for sale with no stock and
-- those with 1 to 3 units (LOW_STOCK in src/server/admin/dashboard.ts). A product's change writes its slot only when it
-- moves from one of those groups to another (the triggers' WHEN), so a sale that leaves stock above 3 writes nothing here.
CREATE TABLE "product_stock_tallies" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"out_of_stock" integer DEFAULT 0 NOT NULL,
	"low_stock" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "stock_group"(sale_ok boolean, quantity integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT sale_ok THEN 0 WHEN quantity <= 0 THEN 1 WHEN quantity <= 3 THEN 2 ELSE 0 END::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "stock_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was smallint := 0; now_in smallint := 0; s smallint;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := "stock_group"(OLD."sale_ok", OLD."quantity"); s := OLD."id" % 64; END IF;
  IF TG_OP <> 'DELETE' THEN now_in := "stock_group"(NEW."sale_ok", NEW."quantity"); s := NEW."id" % 64; END IF;
  IF was = now_in THEN
    RETURN NULL;
  END IF;
  INSERT INTO "product_stock_tallies" AS t ("slot", "out_of_stock", "low_stock")
    VALUES (s, (now_in = 1)::int - (was = 1)::int, (now_in = 2)::int - (was = 2)::int)
    ON CONFLICT ("slot") DO UPDATE SET "out_of_stock" = t."out_of_stock" + excluded."out_of_stock",
      "low_stock" = t."low_stock" + excluded."low_stock";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "stock_tally_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_stock_tallies";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_stock_tally_write" AFTER INSERT OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "stock_tally"();--> statement-breakpoint
CREATE TRIGGER "products_stock_tally_change" AFTER UPDATE OF "quantity", "sale_ok" ON "products" FOR EACH ROW
  WHEN ("stock_group"(OLD."sale_ok", OLD."quantity") <> "stock_group"(NEW."sale_ok", NEW."quantity"))
  EXECUTE FUNCTION "stock_tally"();--> statement-breakpoint
CREATE TRIGGER "products_stock_tally_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "stock_tally_reset"();--> statement-breakpoint
INSERT INTO "product_stock_tallies" ("slot", "out_of_stock", "low_stock")
SELECT "id" % 64, count(*) FILTER (WHERE "quantity" <= 0), count(*) FILTER (WHERE "quantity" > 0)
FROM "products" WHERE "sale_ok" AND "quantity" <= 3 GROUP BY 1;--> statement-breakpoint
-- Statistics at once, so the dashboard reads its ranges through the indexes from the first request.
ANALYZE "order_day_tallies";--> statement-breakpoint
ANALYZE "product_stock_tallies";
