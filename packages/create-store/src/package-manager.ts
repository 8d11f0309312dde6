export type PackageManager = "pnpm" | "npm" | "yarn" | "bun";

/** The package manager that ran us (`npx`, `pnpm create`, `yarn create`, `bun create`), from its user agent. */
export function detectPackageManager(env: NodeJS.ProcessEnv): PackageManager {
  const agent = env.npm_config_user_agent ?? "";
  for (const name of ["pnpm", "yarn", "bun"] as const) if (agent.startsWith(`${name}/`)) return name;
  return "npm";
}

/** How to run a package.json script with this package manager. */
export function runScript(manager: PackageManager, script: string): string {
  return manager === "npm" ? `npm run ${script}` : `${manager} ${script}`;
}

/** How to run a binary of the store's dependencies (`uc`). */
export function runBin(manager: PackageManager, bin: string): string {
  return { npm: `npx ${bin}`, pnpm: `pnpm ${bin}`, yarn: `yarn ${bin}`, bun: `bunx ${bin}` }[manager];
}
