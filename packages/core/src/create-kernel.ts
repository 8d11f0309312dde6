import type { CommerceConfig } from "./kernel/config.js";
import { bootKernel, type CreateKernelOptions, type Kernel } from "./kernel/create-kernel.js";
import { assertSingleCopy } from "./kernel/single-copy.js";
import { builtInModules } from "./modules/built-in-modules.js";
import { mcpModule } from "./modules/mcp/index.js";
import { withWebhookTargetAliases } from "./modules/webhooks/index.js";

/**
 * Boots a commerce kernel: the built-in modules, then `config.plugins` in order; opens and migrates the
 * database and builds every service. The composition root: the kernel itself imports no module.
 * Refuses to boot when another copy of this package is loaded in the process (see `assertSingleCopy`).
 */
export async function createKernel(config: CommerceConfig, options: CreateKernelOptions = {}): Promise<Kernel> {
  try {
    assertSingleCopy();
  } catch (error) {
    // The kernel owns a database handed to it, also when it refuses to boot.
    await options.database?.close();
    throw error;
  }
  return bootKernel(withWebhookTargetAliases(config), [...builtInModules, mcpModule], options);
}
