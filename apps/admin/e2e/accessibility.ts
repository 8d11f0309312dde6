import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** An accessibility problem axe found, in a line a failing test can print. */
export interface AccessibilityIssue {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The serious and critical WCAG 2.1 A/AA problems of the page as it is now (issue 32: axe finds no serious
 * issue on the pages tested). Expect the answer to equal `[]`, so a failure lists what to fix.
 */
export async function seriousAccessibilityIssues(page: Page): Promise<AccessibilityIssue[]> {
  // AxeBuilder is typed against @playwright/test's Page; playwright-core's is the same object.
  const results = await new AxeBuilder({ page: page as never })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
