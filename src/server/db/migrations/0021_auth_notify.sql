-- Hand-written (migration 0021_auth_notify): instances remember who holds a live session rather than read it on every
-- signed-in request, and forget it when told. A change to who may use a session (revoked, deleted, its user's role or
-- verification changed, its user deleted) is told on the channel 'boutique_auth' at commit, whoever wrote it (a route,
-- another instance, `npm run admin`): 's:<session id>' or 'u:<user id>'.
CREATE FUNCTION "auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('boutique_auth', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('boutique_auth', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_notify" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL) EXECUTE FUNCTION "auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_access_notify" AFTER UPDATE OF "role", "is_verified" ON "users" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."is_verified" IS DISTINCT FROM NEW."is_verified") EXECUTE FUNCTION "auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_notify" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_changed"();
