CREATE TABLE "crm_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"name" text,
	"phone" text,
	"email" text,
	"location" jsonb,
	"localisation" text DEFAULT '' NOT NULL,
	"total" bigint NOT NULL,
	"date" text NOT NULL,
	"produits" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_records_guest_type_key" ON "crm_records" USING btree ("guest_id","type");--> statement-breakpoint
CREATE INDEX "crm_records_updated_idx" ON "crm_records" USING btree ("updated_at");