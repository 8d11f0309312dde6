/**
 * The webhooks module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/webhooks/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { webhooksModule } from "./webhooks-module.js";
export type { CreateEndpointInput, WebhookDelivery, WebhookEndpoint, WebhookService } from "./webhook-service.js";
export { type WebhookOptions, withWebhookTargetAliases } from "./webhooks-config.js";
