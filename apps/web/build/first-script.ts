import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * A script that runs before the app's code (app/early-requests.ts), as an entry of its own: Vite
 * bundles every script of index.html into one entry, which runs only when all of its code has
 * arrived. Its chunk is named in the page before the app's.
 */
export function firstScript(source: string, name = 'early-requests'): Plugin {
  return {
    name: 'limbus-first-script',
    apply: 'build',
    config(config) {
      const root = path.resolve(config.root ?? '.');
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(root, 'index.html'), [name]: path.join(root, source) },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output): output is Rolldown.OutputChunk =>
            output.type === 'chunk' && output.isEntry && output.name === name,
        );
        if (!chunk) throw new Error(`first-script: the build has no entry ${name}`);
        // before the app's script, so that it runs first; its imports are fetched along with it
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend' as const,
          },
          ...chunk.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}
