import { execFileSync } from "node:child_process";

/** The file list (without the `package/` prefix) and the manifest of a packed tarball. */
export function readTarball(file) {
  const entries = execFileSync("tar", ["-tzf", file], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ""));
  const manifest = JSON.parse(execFileSync("tar", ["-xzOf", file, "package/package.json"], { encoding: "utf8" }));
  return { entries: new Set(entries), manifest };
}

/**
 * What a published package needs beyond what publint and attw check: a license, the repository and its
 * directory, `files`, ESM exports each with types and code that are in the tarball, a README, its bins,
 * and no workspace-only range (`workspace:`, `catalog:`) left by the pack.
 */
export function checkTarball({ entries, manifest }, folder) {
  const problems = [];
  const has = (path) => entries.has(path.replace(/^\.\//, ""));
  if (typeof manifest.license !== "string" || !manifest.license) problems.push("no license");
  if (!manifest.repository?.url) problems.push("no repository");
  else if (manifest.repository.directory !== `packages/${folder}`)
    problems.push(`repository.directory is ${manifest.repository.directory}, expected packages/${folder}`);
  if (!manifest.description) problems.push("no description");
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) problems.push("no files list");
  if (manifest.type !== "module") problems.push('type is not "module"');
  if (![...entries].some((entry) => /^readme\.md$/i.test(entry))) problems.push("no README.md in the tarball");

  if (!manifest.exports || typeof manifest.exports !== "object") problems.push("no exports map");
  else {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === "./package.json") continue;
      if (typeof target !== "object" || target === null) {
        problems.push(`exports["${subpath}"] has no conditions (types, default)`);
        continue;
      }
      for (const condition of ["types", "default"]) {
        if (typeof target[condition] !== "string") problems.push(`exports["${subpath}"] has no ${condition}`);
        else if (!has(target[condition]))
          problems.push(`exports["${subpath}"].${condition} ${target[condition]} is not in the tarball`);
      }
    }
  }
  const bins = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [bin, path] of Object.entries(bins))
    if (!has(path)) problems.push(`bin ${bin} (${path}) is not in the tarball`);
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|catalog):/.test(range)) problems.push(`${field}.${name} is still ${range}`);
    }
  }
  return problems;
}
