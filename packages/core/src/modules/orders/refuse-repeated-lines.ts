import { AppError, type FieldIssue } from "../../kernel/app-error.js";

/** Refuses, before any SQL, a refund or fulfillment request that names one order line twice (422). */
export function refuseRepeatedLines(lines: readonly { lineItemId: string }[]): void {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  lines.forEach((line, index) => {
    if (seen.has(line.lineItemId))
      issues.push({ path: `body.lines.${index}.lineItemId`, message: "this line is listed twice" });
    seen.add(line.lineItemId);
  });
  if (issues.length > 0) throw AppError.validation(issues);
}
