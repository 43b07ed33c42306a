import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource: string = require('axe-core').source;

export type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
};

/** Runs axe-core on the page as it is now and returns the critical and serious violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'critical' || violation.impact === 'serious',
  );
}

/** A readable summary for the failure message of an assertion. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
          .map((node) => `  ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
}
