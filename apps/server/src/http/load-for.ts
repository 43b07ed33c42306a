import { notFound } from './app-error.js';
import { type Action, type Actor, authorizeFound, type ResourceOf } from './policy.js';

/**
 * "Load the resource, answer 404 when it is not there, then check the policy", the steps of every
 * call on a record: the record, or `not_found` naming `what` (also when it is another tenant's:
 * `authorizeFound`), or `forbidden`.
 */
export async function loadFor<A extends Action, R extends ResourceOf<A>>(
  actor: Actor,
  action: A,
  what: string,
  load: Promise<R | null | undefined>,
): Promise<R> {
  const resource = await load;
  if (!resource) throw notFound(what);
  authorizeFound(actor, action, what, resource);
  return resource;
}
