-- Hand-written (with the generated statements below): the folding of §9's search, so 'refrigerateur' finds 'Réfrigérateur'.
-- One immutable SQL function folds each product once, when it is written, into search_text (trigram-indexed); the route folds
-- the shopper's words with the same function. lower() leaves accented capitals alone under the C locale, hence both cases.
-- Neither database needs the unaccent extension (PGlite does not ship it).
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(translate(lower(t),
    'àâäáãåéèêëíìîïóòôöõúùûüýÿçñÀÂÄÁÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÇÑ',
    'aaaaaaeeeeiiiiooooouuuuyycnaaaaaaeeeeiiiiooooouuuuyycn'), 'œ', 'oe'), 'æ', 'ae'), 'Œ', 'oe'), 'Æ', 'ae')
$$;--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);