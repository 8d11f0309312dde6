import { AUTH_VERSION } from "./version.js";

const REGISTRY = Symbol.for("@unified-commerce/auth");
/** This copy of the package; another copy loaded in the same process has its own. */
const THIS_COPY = { version: AUTH_VERSION };

const registry = globalThis as { [REGISTRY]?: { version: string } };
registry[REGISTRY] ??= THIS_COPY;

/**
 * Throws when another copy of this package was loaded first in the process (two installs of different
 * versions, or source and build side by side): sessions, errors and checks would then not be the ones
 * the server wired, so authentication refuses to run rather than guess.
 */
export function assertSingleCopy(): void {
  const first = registry[REGISTRY];
  if (first !== THIS_COPY) {
    throw new Error(
      `Two copies of @unified-commerce/auth are loaded (${first?.version ?? "unknown"} and ${AUTH_VERSION}); deduplicate your dependencies`,
    );
  }
}
