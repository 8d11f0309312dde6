/**
 * The services container. Core's modules add their services by augmenting this interface:
 * `declare module "../../kernel/services.js" { interface Services { catalog: CatalogService } }`; a plugin
 * does it through the SDK: `declare module "@unified-commerce/plugin-sdk" { interface Services { loyalty: LoyaltyService } }`.
 * A leaf of the kernel (it imports nothing), so any file may name it without pulling in the kernel.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
