CREATE INDEX "products_stock_idx" ON "products" USING btree ("quantity") WHERE "products"."sale_ok";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_records_type_updated_idx" ON "crm_records" USING btree ("type","updated_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_telephone_idx" ON "orders" USING btree ("telephone");--> statement-breakpoint
CREATE INDEX "orders_telephone_trgm_idx" ON "orders" USING gin ("telephone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'refund_due';