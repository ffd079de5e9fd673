CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employer" text NOT NULL,
	"income_bracket" text NOT NULL,
	"parent_id" integer,
	"state" text NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalment_reminders" (
	"order_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"sent_on" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_reminders_order_id_number_sent_on_pk" PRIMARY KEY("order_id","number","sent_on")
);
--> statement-breakpoint
ALTER TABLE "order_tranches" ALTER COLUMN "percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation" text;--> statement-breakpoint
ALTER TABLE "order_tranches" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "order_tranches" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tranches" ADD COLUMN "paid_via" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "months" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parent_refusal" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "tranche_number" smallint;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_documents" ADD CONSTRAINT "credit_documents_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_reminders" ADD CONSTRAINT "instalment_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_user_idx" ON "credit_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_state_idx" ON "credit_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "credit_documents_application_idx" ON "credit_documents" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tranches_due_idx" ON "order_tranches" USING btree ("due_on") WHERE "order_tranches"."state" = 'due';--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_id","created_at") WHERE "orders"."parent_id" IS NOT NULL;--> statement-breakpoint
-- Pre-orders placed before schedules had dates: the first tranche was due when placed, the second 30 days later, the last at delivery.
UPDATE "order_tranches" AS t SET "due_on" = CASE t."number"
  WHEN 1 THEN (o."created_at" AT TIME ZONE 'UTC')::date
  WHEN 2 THEN (o."created_at" AT TIME ZONE 'UTC')::date + 30
  END
FROM "orders" AS o WHERE o."id" = t."order_id";
--> statement-breakpoint
-- Accounts that are already some member's parent become parent accounts, named by their holder until an admin names the organisation.
UPDATE "users" AS p SET "organisation" = p."name"
WHERE p."organisation" IS NULL AND EXISTS (SELECT 1 FROM "users" AS m WHERE m."parent_id" = p."id");
