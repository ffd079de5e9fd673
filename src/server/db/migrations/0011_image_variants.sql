-- Hand-ordered (the generated statements, with the column added before the key that names it): one row per size and
-- format, so a WebP kept beside an AVIF is served without converting it on each request (db/image-variants.ts).
-- Rows already stored get their format from their bytes: an AVIF starts with an ISO-BMFF `ftyp` box of brand avif.
-- Their missing WebP is made by the first request that needs it, then kept.
ALTER TABLE "images" DROP CONSTRAINT "images_version_size_pk";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "format" text DEFAULT 'webp' NOT NULL;--> statement-breakpoint
UPDATE "images" SET "format" = 'avif' WHERE substring("data" from 5 for 8) = 'ftypavif'::bytea;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "format" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_version_size_format_pk" PRIMARY KEY("version","size","format");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_format_check" CHECK ("images"."format" in ('avif', 'webp'));
