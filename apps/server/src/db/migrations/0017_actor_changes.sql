-- The API processes keep signed-in users' actors in memory (http/actor-cache.ts) and forget one
-- when these triggers say it changed: a notice is sent when the transaction commits.
CREATE FUNCTION "notify_actor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('limbus_actor_changed', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_actor_changed" AFTER UPDATE OF "role", "company_id", "token_version" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_actor_changed"('user');--> statement-breakpoint
CREATE TRIGGER "companies_actor_changed" AFTER UPDATE OF "name", "is_demo", "is_provider", "licence_analysis", "licence_research" OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "notify_actor_changed"('company');
