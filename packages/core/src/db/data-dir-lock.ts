import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The lock file an embedded database directory carries while a process has it open. */
export const DATA_DIR_LOCK_FILE = "uc.lock";

interface LockRecord {
  pid: number;
  holder: string;
  startedAt: string;
}

/**
 * Records this process as the holder of an embedded database directory. PGlite can be opened by one
 * process at a time and a second one corrupts it silently, so a directory held by another live process
 * is refused with a message naming the holder; a record left by a dead process is taken over. Returns the
 * release function, which removes the record only while it is still ours.
 */
export function holdDataDir(dataDir: string, holder: string): () => void {
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const current = existsSync(path) ? readRecord(path) : null;
  if (current && current.pid !== process.pid && isAlive(current.pid)) {
    throw new Error(
      `The embedded database in ${resolve(dataDir)} is held by ${current.holder} (pid ${current.pid}). Stop it and run the command again, or point DATABASE_URL at PostgreSQL.`,
    );
  }
  const record: LockRecord = { pid: process.pid, holder, startedAt: new Date().toISOString() };
  writeFileSync(path, JSON.stringify(record));
  return () => {
    if (readRecord(path)?.pid === process.pid) rmSync(path, { force: true });
  };
}

function readRecord(path: string): LockRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<LockRecord>;
    if (typeof parsed.pid !== "number") return null;
    return {
      pid: parsed.pid,
      holder: typeof parsed.holder === "string" ? parsed.holder : "another process",
      startedAt: String(parsed.startedAt),
    };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
