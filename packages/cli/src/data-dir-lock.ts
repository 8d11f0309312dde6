import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CommerceConfig } from "@unified-commerce/core";
import { CliError } from "./cli-error.js";

/**
 * The embedded database can be opened by one process at a time. The reference server records itself in
 * `<dataDir>/uc.lock` (`{ pid, owner, startedAt }`, see apps/server/src/data-dir-lock.ts); the CLI refuses
 * a directory a live process holds and holds it the same way while it works.
 */
export const LOCK_FILE = "uc.lock";

/** Answers a release function; a no-op for PostgreSQL and in-memory databases. */
export function holdEmbeddedDatabase(config: CommerceConfig): () => void {
  if (config.database?.url) return () => {};
  const dataDir = config.database?.dataDir ?? ".data";
  if (dataDir.startsWith("memory://")) return () => {};
  const path = join(dataDir, LOCK_FILE);
  if (existsSync(path)) {
    const holder = readHolder(path);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
      const who = holder.owner === "server" ? "a running server" : `another ${holder.owner ?? "process"}`;
      throw new CliError(
        `The embedded database in ${resolve(dataDir)} is held by ${who} (pid ${holder.pid}). Stop it and run the command again, or point DATABASE_URL at PostgreSQL.`,
      );
    }
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, JSON.stringify({ pid: process.pid, owner: "cli", startedAt: new Date().toISOString() }));
  return () => {
    if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
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
