import { AppError } from '../../http/app-error.js';
import { messagesOf } from './ai.prompts.js';
import type { AiProvider, AiTask } from './ai.provider.js';

type OpenAiSettings = { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

/** spec 3 §7: the model's temperature. */
const TEMPERATURE = 0.5;

const failed = (message: string) => new AppError('ai_failed', message);
const unavailable = (message: string) => new AppError('ai_unavailable', message);
const WRITE_IT = 'Try again, or write the text yourself.';

/** Any OpenAI-compatible chat-completions endpoint; every failure is a 502 or 503 saying what to do. */
export function createOpenAiProvider(settings: OpenAiSettings): AiProvider {
  return {
    async complete(task: AiTask): Promise<string> {
      const response = await post(settings, {
        model: settings.model,
        temperature: TEMPERATURE,
        max_tokens: task.maxTokens,
        messages: messagesOf(task),
        ...(task.kind === 'suggestion' ? { response_format: { type: 'json_object' } } : {}),
      });
      return readContent(response);
    },
  };
}

async function post(settings: OpenAiSettings, body: object): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw failed(
        `The AI service did not answer within ${Math.round(settings.timeoutMs / 1000)} s. ${WRITE_IT}`,
      );
    throw unavailable(`The AI service could not be reached. ${WRITE_IT}`);
  }
  if (response.status === 429 || response.status === 503)
    throw unavailable(`The AI service is busy (status ${response.status}). Wait a minute and try again.`);
  if (!response.ok)
    throw failed(`The AI service answered with an error (status ${response.status}). ${WRITE_IT}`);
  return response;
}

async function readContent(response: Response): Promise<string> {
  const unreadable = failed(`The AI service answered something we could not read. ${WRITE_IT}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw unreadable;
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string' || content.trim() === '') throw unreadable;
  return content;
}
