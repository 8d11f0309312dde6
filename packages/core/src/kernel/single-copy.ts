import { CORE_VERSION } from "./version.js";

const REGISTRY = Symbol.for("@unified-commerce/core");

/** One loaded copy of this package: its version and the file it was loaded from. */
interface LoadedCopy {
  version: string;
  url: string;
}

/** This copy of the package; another copy loaded in the same process pushes its own. */
const THIS_COPY: LoadedCopy = { version: CORE_VERSION, url: import.meta.url };

// Recorded at import, not at kernel creation: the copy that does harm is the one a plugin imports (through
// plugin-sdk) for `AppError` or `defineTask`, and it never creates a kernel itself.
const registry = globalThis as { [REGISTRY]?: LoadedCopy[] };
const copies = (registry[REGISTRY] ??= []);
if (!copies.includes(THIS_COPY)) copies.push(THIS_COPY);

/**
 * Throws when more than one copy of this package is loaded in the process (a plugin that installed its
 * own core, two versions side by side, source and build together): `instanceof AppError`, the
 * registries and the services would then belong to different copies, so the kernel refuses to boot
 * rather than fail later in ways that are hard to trace.
 */
export function assertSingleCopy(): void {
  const loaded = registry[REGISTRY] ?? [];
  if (loaded.length <= 1) return;
  const where = loaded.map((copy) => `${copy.version} from ${copy.url}`).join(", ");
  throw new Error(
    `Two copies of @unified-commerce/core are loaded (${where}); plugins take core and plugin-sdk as peer ` +
      "dependencies: deduplicate your dependencies so the store installs one copy",
  );
}
