import { dailyJournalReport } from "./daily-journal-report.js";
import { inventoryAgingReport } from "./inventory-aging-report.js";
import type { ReportDefinition } from "./report-definition.js";
import type { ReportDescription } from "./report-schemas.js";
import { reorderNeededReport } from "./reorder-needed-report.js";
import { sellThroughReport } from "./sell-through-report.js";
import { staffSalesReport } from "./staff-sales-report.js";
import { taxSummaryReport } from "./tax-summary-report.js";

/** The built-in reports, in the order `GET /analytics/reports` lists them. */
export const REPORTS: readonly ReportDefinition[] = [
  dailyJournalReport,
  taxSummaryReport,
  inventoryAgingReport,
  sellThroughReport,
  reorderNeededReport,
  staffSalesReport,
];

const byName = new Map(REPORTS.map((report) => [report.name as string, report]));

export const findReport = (name: string): ReportDefinition | undefined => byName.get(name);

const PERIOD_PARAMETERS = {
  day: [{ name: "date", description: "The store day, YYYY-MM-DD (default today in the store's time zone)" }],
  range: [
    { name: "from", description: "First store day, YYYY-MM-DD (default the first day of `to`'s month)" },
    { name: "to", description: "Last store day, included, YYYY-MM-DD (default today); at most 366 days after `from`" },
  ],
};

/** A report as `GET /analytics/reports` describes it. */
export function describeReport(report: ReportDefinition): ReportDescription {
  const dayParameters = Object.entries(report.dayParameters ?? {}).map(([name, parameter]) => ({
    name,
    description: parameter.description,
  }));
  return {
    name: report.name,
    title: report.title,
    description: report.description,
    parameters: [...PERIOD_PARAMETERS[report.period], ...dayParameters],
    columns: [...report.columns],
  };
}
