import { z } from "zod";
import {
  resolveAnalyticsConfig,
  REPORT_NAMES,
  reportQuerySchema,
  reportResultSchema,
  runReport,
} from "../analytics/index.js";
import { adjustStockBody, stockLevelSchema } from "../inventory/index.js";
import { createRefundInput, refundSchema, orderSchema } from "../orders/index.js";
import { defineTool, type CommerceTool, type ToolContext } from "./commerce-tool.js";

/** An order id or number, as `GET /api/orders/{id}` takes it. */
const orderReference = z.string().min(1).max(64).describe("the order's number (ORD-2026-000042) or UUID");

const report = (
  { organizationId, route }: ToolContext,
  name: (typeof REPORT_NAMES)[number],
  query: z.output<typeof reportQuerySchema>,
) =>
  runReport(
    {
      database: route.database,
      services: route.services,
      statementTimeoutMs: resolveAnalyticsConfig(route.config.analytics).statementTimeoutMs,
    },
    { organizationId, name, query },
  );

const getOrder = defineTool({
  name: "get_order",
  title: "Look up an order",
  description: "An order of the store by number or UUID, with its lines, totals and status (GET /api/orders/{id}).",
  audience: "staff",
  permissions: ["orders:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: z.object({ order: orderReference }),
  output: orderSchema,
  run: ({ organizationId, route: { services } }, { order }) => services.orders.get(organizationId, order),
});

const listLowStock = defineTool({
  name: "list_low_stock",
  title: "List low stock",
  description: [
    "What runs out before a delivery could arrive: the reorder-needed report",
    "(GET /api/analytics/reports/reorder-needed) of each item's sales velocity against its available stock, with the",
    "quantity to order.",
  ].join(" "),
  audience: "staff",
  permissions: ["analytics:read", "inventory:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: z.object({
    lookbackDays: reportQuerySchema.shape.lookbackDays,
    leadTimeDays: reportQuerySchema.shape.leadTimeDays,
    coverDays: reportQuerySchema.shape.coverDays,
  }),
  output: reportResultSchema,
  run: (context, days) => report(context, "reorder-needed", days),
});

const adjustStock = defineTool({
  name: "adjust_stock",
  title: "Adjust stock",
  description: [
    "Changes the on-hand stock of a product (or variant) in a warehouse (POST /api/inventory/adjust):",
    "restock and return add, sale and damage remove a positive quantity, correction applies a signed change.",
    "Going below the reserved quantity is refused.",
  ].join(" "),
  audience: "staff",
  permissions: ["inventory:adjust"],
  isReadOnly: false,
  input: adjustStockBody,
  output: stockLevelSchema,
  run: ({ organizationId, actor, route: { services } }, input) =>
    services.inventory.adjust(organizationId, input, actor),
});

const refundOrder = defineTool({
  name: "refund_order",
  title: "Refund an order",
  description: [
    "Refunds units of an order's lines through the refund rules (POST /api/orders/{id}/refunds): the server computes",
    "the amount (price, discount and tax shares), refuses more than is left to refund, the operator's daily cap",
    "(policies.refundDailyCap) and pending or cancelled orders. The refund can be undone for",
    "policies.refundUndoWindowMinutes before it is paid out.",
  ].join(" "),
  audience: "staff",
  permissions: ["orders:update"],
  isReadOnly: false,
  input: createRefundInput.extend({ order: orderReference }),
  output: refundSchema,
  async run({ organizationId, actor, route: { services } }, { order, ...refund }) {
    // The refund route takes the order's id; an agent usually holds its number.
    const { id } = await services.orders.get(organizationId, order);
    return services.orders.refund({ organizationId, orderId: id, actor, ...refund });
  },
});

const runReportTool = defineTool({
  name: "run_report",
  title: "Run a report",
  description: [
    `A built-in report (GET /api/analytics/reports/{name}): ${REPORT_NAMES.join(", ")}. Days are store days;`,
    "`parameters` takes date (single-day reports) or from/to (range reports) as YYYY-MM-DD, and reorder-needed's day",
    "counts.",
  ].join(" "),
  audience: "staff",
  permissions: ["analytics:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: z.object({ name: z.enum(REPORT_NAMES), parameters: reportQuerySchema.optional() }),
  output: reportResultSchema,
  run: (context, { name, parameters }) => report(context, name, parameters ?? {}),
});

/** What a store's staff agent uses: orders, stock, refunds, reports. */
export const staffTools: readonly CommerceTool[] = [getOrder, listLowStock, adjustStock, refundOrder, runReportTool];
