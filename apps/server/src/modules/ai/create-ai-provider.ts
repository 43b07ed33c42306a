import type { AiSettings } from '../../config.js';
import type { AiProvider } from './ai.provider.js';
import { createLocalProvider } from './local-provider.js';
import { createOpenAiProvider } from './openai-provider.js';

/** The provider the settings name (AI_PROVIDER…): an OpenAI-compatible endpoint, or the local one. */
export function createAiProvider(settings: AiSettings): AiProvider {
  return settings.provider === 'openai' ? createOpenAiProvider(settings) : createLocalProvider();
}
