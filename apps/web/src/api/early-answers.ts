/**
 * GETs asked for before the app's code has arrived (app/first-screen-data.ts), kept until the
 * app's client asks for the same path: it takes the answer instead of asking again. Each answer is
 * taken once, and only while it is fresh: a later GET of the path asks the server.
 */
const FRESH_MS = 15_000;
const answers = new Map<string, { answer: Promise<Response>; askedAt: number }>();

/** Asks for `url` as the client would (bearer token, cookies, JSON), kept under `path`. */
export function askEarly(url: string, path: string, token: string): Promise<Response> {
  const answer = fetch(url, {
    headers: { Accept: 'application/json', Authorization: token },
    credentials: 'include',
  });
  answers.set(path, { answer, askedAt: Date.now() });
  return answer;
}

/** The early answer to a GET of `path`, once; undefined when there is none, or it is stale. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = answers.get(path);
  answers.delete(path);
  return early && Date.now() - early.askedAt < FRESH_MS ? early.answer : undefined;
}
