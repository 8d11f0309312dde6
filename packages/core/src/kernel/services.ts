/**
 * The services container. Modules add their services by augmenting this interface:
 * `declare module "@unified-commerce/core" { interface Services { catalog: CatalogService } }`.
 * A leaf of the kernel (it imports nothing), so any file may name it without pulling in the kernel.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
