#!/usr/bin/env node
/**
 * Checks the relative links of every Markdown file in the repository: the file or folder must exist, and
 * a `#fragment` must name a heading of the target file (slugged as GitHub slugs headings). External
 * links (http, mailto) are not fetched. Run it after moving or renaming documentation:
 * `node scripts/check-links.mjs` (exit 1 and one line per broken link). Not part of CI.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const skipped = new Set(["node_modules", "dist", ".git", ".turbo", ".data"]);

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name) || (entry.name.startsWith(".") && entry.name !== ".changeset")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The text outside fenced code blocks, lines kept (so line numbers stay right). */
function proseOf(text) {
  let isFenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      isFenced = !isFenced;
      return "";
    }
    return isFenced ? "" : line.replace(/`[^`]*`/g, (code) => (code.includes("](") ? "" : code));
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchorsOf(path) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseOf(readFileSync(path, "utf8"))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
const broken = [];
for (const file of markdownFiles(root)) {
  proseOf(readFileSync(file, "utf8")).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, fragment] = target.split("#", 2);
      const resolved = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file;
      const where = `${relative(root, file)}:${index + 1}`;
      if (!existsSync(resolved)) {
        broken.push(`${where}: ${target} (no such file)`);
        continue;
      }
      if (fragment === undefined || !statSync(resolved).isFile() || !resolved.endsWith(".md")) continue;
      if (!anchorCache.has(resolved)) anchorCache.set(resolved, anchorsOf(resolved));
      if (!anchorCache.get(resolved).has(fragment)) broken.push(`${where}: ${target} (no heading #${fragment})`);
    }
  });
}

for (const line of broken) console.log(line);
console.log(broken.length === 0 ? "every relative link resolves" : `${broken.length} broken link(s)`);
process.exitCode = broken.length === 0 ? 0 : 1;
