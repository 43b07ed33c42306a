-- The API processes keep signed-in users' whole rows in memory (http/actor-cache.ts), so that
-- GET /users/me needs no query: a notice now follows every change of a user row (e-mail,
-- confirmation, last sign-in as well as role, company and token version) and of its profile.
DROP TRIGGER "users_actor_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_actor_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_actor_changed"('user');--> statement-breakpoint
CREATE FUNCTION "notify_profile_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('limbus_actor_changed', 'user:' || COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_actor_changed" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "notify_profile_changed"();
