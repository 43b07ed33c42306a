DROP INDEX "jobs_claim_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."state" in ('queued', 'running');