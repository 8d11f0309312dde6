import type { CommerceConfig } from "./kernel/config.js";
import { bootKernel, type CreateKernelOptions, type Kernel } from "./kernel/create-kernel.js";
import { builtInModules } from "./modules/built-in-modules.js";
import { mcpModule } from "./modules/mcp/index.js";
import { withWebhookTargetAliases } from "./modules/webhooks/index.js";

/**
 * Boots a commerce kernel: the built-in modules, then `config.plugins` in order; opens and migrates the
 * database and builds every service. The composition root: the kernel itself imports no module.
 */
export function createKernel(config: CommerceConfig, options: CreateKernelOptions = {}): Promise<Kernel> {
  return bootKernel(withWebhookTargetAliases(config), [...builtInModules, mcpModule], options);
}
