DROP INDEX "contacts_joined_idx";--> statement-breakpoint
CREATE INDEX "contacts_joined_id_idx" ON "contacts" USING btree ("joined","id");--> statement-breakpoint
CREATE INDEX "contacts_firstname_trgm_idx" ON "contacts" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_lastname_trgm_idx" ON "contacts" USING gin ("lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);