import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import type { RouteContext } from "../../kernel/contexts.js";
import { hasPermission } from "../../kernel/permissions.js";

/** What a tool runs with: the request's actor and organization, and the same services the REST routes call. */
export interface ToolContext {
  actor: Actor;
  organizationId: string;
  /** The module's route context (services, database access for reports, configuration). */
  route: RouteContext;
}

/** Input and output of a tool: zod objects (MCP tool arguments and structured content are JSON objects). */
export type ToolSchema = z.ZodObject;

/**
 * One MCP tool over the commerce services. Its permissions are those of the REST route it mirrors, so an
 * actor reaches through MCP exactly what it reaches through REST.
 */
export interface CommerceTool<I extends ToolSchema = ToolSchema, O extends ToolSchema = ToolSchema> {
  name: string;
  title: string;
  description: string;
  /** Storefront tools serve a shopper's agent; staff tools a store's back office. */
  audience: "storefront" | "staff";
  /** Every one is required, as by the matching route. */
  permissions: readonly string[];
  /** Only a signed-in person (a session or its bearer token), as `.session()` routes. @default false */
  isSessionRequired?: boolean;
  /** Changes nothing (MCP `readOnlyHint`). */
  isReadOnly: boolean;
  /** Repeating the call with the same arguments changes nothing more (MCP `idempotentHint`). @default false */
  isIdempotent?: boolean;
  input: I;
  output: O;
  run(context: ToolContext, input: z.output<I>): Promise<z.input<O>>;
}

/** Keeps each tool's handler typed by its own schemas while the tools share one list type. */
export function defineTool<I extends ToolSchema, O extends ToolSchema>(tool: CommerceTool<I, O>): CommerceTool {
  return tool as unknown as CommerceTool;
}

/** Whether `actor` may use `tool`: the same checks the route guard makes before a REST handler runs. */
export function canUseTool(actor: Actor, tool: Pick<CommerceTool, "permissions" | "isSessionRequired">): boolean {
  if (tool.isSessionRequired === true && actor.type !== "user") return false;
  return tool.permissions.every((permission) => hasPermission(actor, permission));
}
