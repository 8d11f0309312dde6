import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database (PGlite) can be opened by one process only, and opening it twice corrupts it
 * silently. The server records itself in `<dataDir>/uc.lock` while it runs; `uc` (the CLI) reads the
 * same file, refuses to open a directory a live server holds, and holds it the same way while it works.
 * Format: `{ "pid": number, "owner": "server" | "cli", "startedAt": ISO string }`.
 */
export const LOCK_FILE = "uc.lock";

export interface DataDirLock {
  release(): void;
}

export function holdDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  if (existsSync(path)) {
    const holder = readHolder(path);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new Error(`The embedded database in ${dataDir} is in use by ${holder.owner ?? "another process"} (pid ${holder.pid}); stop it first or set DATABASE_URL`);
    }
  }
  writeFileSync(path, JSON.stringify({ pid: process.pid, owner: "server", startedAt: new Date().toISOString() }));
  return {
    release: () => {
      if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}

function readHolder(path: string): { pid: number; owner?: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { pid?: unknown; owner?: unknown };
    return typeof parsed.pid === "number" ? { pid: parsed.pid, ...(typeof parsed.owner === "string" ? { owner: parsed.owner } : {}) } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
