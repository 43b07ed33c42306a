import { AppError } from '../../http/app-error.js';
import { messagesOf } from './ai.prompts.js';
import { type AiProvider, type AiReply, type AiTask, answersJson } from './ai.provider.js';

type OpenAiSettings = { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

/** spec 3 §7: the model's temperature. */
const TEMPERATURE = 0.5;

const failed = (message: string) => new AppError('ai_failed', message);
const unavailable = (message: string) => new AppError('ai_unavailable', message);
const WRITE_IT = 'Try again, or write the text yourself.';

/** Any OpenAI-compatible chat-completions endpoint; every failure is a 502 or 503 saying what to do. */
export function createOpenAiProvider(settings: OpenAiSettings): AiProvider {
  return {
    languageModel: true,
    async complete(task: AiTask): Promise<AiReply> {
      const response = await post(settings, {
        model: settings.model,
        temperature: TEMPERATURE,
        max_tokens: task.maxTokens,
        messages: messagesOf(task),
        ...(answersJson(task) ? { response_format: { type: 'json_object' } } : {}),
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

/** The tokens the model reports (OpenAI's usage.total_tokens, else prompt + completion), 0 if none. */
function tokensOf(body: unknown): number {
  const usage = (body as { usage?: Record<string, unknown> } | null)?.usage;
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
  return count(usage?.total_tokens) || count(usage?.prompt_tokens) + count(usage?.completion_tokens);
}

async function readContent(response: Response): Promise<AiReply> {
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
  return { text: content, tokens: tokensOf(body) };
}
