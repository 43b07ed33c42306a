-- The API processes keep each company's test list in memory (modules/tests/test-list-cache.ts) and
-- forget it when a test of that company is added, changed or removed: a notice on the channel of
-- the actor changes, sent when the transaction commits.
CREATE FUNCTION "notify_test_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('limbus_actor_changed', 'tests-of-company:' || OLD.company_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('limbus_actor_changed', 'tests-of-company:' || NEW.company_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tests_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "tests"
  FOR EACH ROW EXECUTE FUNCTION "notify_test_changed"();
