import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILTIN_COMMANDS } from "./builtin-commands.js";
import { runUc } from "./test-fixtures/run-uc.js";
import { channelFixtureConfig } from "./test-fixtures/spawn-uc.js";
import { expectOneLineError, ucWorkspace } from "./test-fixtures/uc-workspace.js";

const { workDir, env, cleanUp } = ucWorkspace("help");
const uc = (...args: string[]) => runUc(env, args);
const ucWithChannels = (...args: string[]) => runUc(env, args, channelFixtureConfig);

afterAll(cleanUp);

/** The words `uc` is run with for each command: its name (`api-key create`), then `completion`. */
const COMMAND_NAMES = [...BUILTIN_COMMANDS.map((command) => command.name), "completion"];
const CHANNEL_COMMANDS = ["channel connect", "channel list", "channel backfill", "channel status"];

describe("uc help", () => {
  it("every built-in command answers --help and -h with its options, their defaults and an example, exit 0", async () => {
    for (const name of COMMAND_NAMES) {
      const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === name);
      for (const flag of ["--help", "-h"]) {
        const result = await uc(...name.split(" "), flag);
        expect(result.code, `${name} ${flag}: ${result.stderr}`).toBe(0);
        expect(result.stderr).toBe("");
        expect(result.stdout).toContain(`Usage: uc ${name}`);
        expect(result.stdout).toMatch(/Examples?:\n {2}\S/);
        expect(result.stdout).toContain("--config <file>");
        for (const [option, declared] of Object.entries(command?.options ?? {})) {
          expect(result.stdout, `${name} --${option}`).toContain(`--${option}`);
          if (declared.default !== undefined)
            expect(result.stdout, `${name} --${option}`).toContain(`default: ${declared.default}`);
        }
      }
    }
  });

  it("the commands the issue named answer --help instead of refusing an unknown option", async () => {
    for (const args of [["migrate"], ["seed"], ["jobs"], ["api-key", "create"], ["catalog", "import"]]) {
      const result = await uc(...args, "--help");
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout, args.join(" ")).not.toMatch(/unknown/i);
    }
    expect((await uc("seed", "--help")).stdout).toContain("--entities <n>");
    expect((await uc("api-key", "create", "-h")).stdout).toContain("--scope <scope>");
    expect((await uc("catalog", "import", "--help")).stdout).toContain("--format csv|ndjson");
  });

  it("a group's --help lists its commands; the group alone is a usage error naming them", async () => {
    const jobs = await uc("jobs", "--help");
    expect(jobs.code).toBe(0);
    for (const action of ["list", "failed", "retry", "run"]) expect(jobs.stdout).toContain(`  ${action} `);
    const bare = await uc("jobs");
    expectOneLineError(bare, 2);
    expect(bare.stderr).toContain("list, failed, retry, run");
    expectOneLineError(await uc("jobs", "frob"), 2);
  });

  it("uc --help, uc help and uc (alone, exit 2) list every command; uc help <command> is its help", async () => {
    for (const [args, code] of [
      [["--help"], 0],
      [["-h"], 0],
      [["help"], 0],
      [[], 2],
    ] as const) {
      const result = await uc(...args);
      expect(result.code, args.join(" ")).toBe(code);
      for (const name of COMMAND_NAMES) expect(result.stdout, name).toContain(`  ${name} `);
    }
    const help = await uc("help", "settings", "set");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: uc settings set [options] <group> <key=value>...");
    expectOneLineError(await uc("help", "frobnicate"), 2);
  });

  it("uc --version prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    const result = await uc("--version");
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("an unknown option, an option without its value or an extra argument is still one line and exit 2", async () => {
    const unknown = await uc("org", "list", "--bogus");
    expectOneLineError(unknown, 2);
    expect(unknown.stderr).toContain("'--bogus'");
    expect(unknown.stderr).toContain("uc org list --help");
    expectOneLineError(await uc("api-key", "create", "--scope"), 2);
    expectOneLineError(await uc("org", "list", "extra"), 2);
    expectOneLineError(await uc("frobnicate", "--help"), 2);
  });

  it("a plugin's commands show in uc --help and answer --help when the plugin is configured, and not otherwise", async () => {
    const configured = await ucWithChannels("--help");
    expect(configured.code).toBe(0);
    expect(configured.stdout).toContain("Commands of the configured plugins:");
    for (const name of CHANNEL_COMMANDS) expect(configured.stdout).toContain(`  ${name} `);

    const plain = await uc("--help");
    expect(plain.stdout).not.toContain("channel");

    const connect = await ucWithChannels("channel", "connect", "-h");
    expect(connect.code).toBe(0);
    for (const option of [
      "--adapter <id>",
      "--name <name>",
      "--currency <ISO>",
      "--setting <key=value>",
      "--credentials-file <file>",
      "--org <id>",
    ]) {
      expect(connect.stdout).toContain(option);
    }
    const group = await ucWithChannels("channel", "--help");
    expect(group.code).toBe(0);
    for (const action of ["connect", "list", "backfill", "status"]) expect(group.stdout).toContain(`  ${action} `);
    for (const name of CHANNEL_COMMANDS)
      expect((await ucWithChannels(...name.split(" "), "--help")).code, name).toBe(0);
  });

  it("uc completion bash prints a script bash accepts, completing commands, options and choices from the declarations", async () => {
    const plain = await uc("completion", "bash");
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain("complete -F _uc_completion uc");
    expect(plain.stdout).not.toContain("channel connect");
    expectOneLineError(await uc("completion", "zsh"), 2);

    const withChannels = await ucWithChannels("completion", "bash");
    const script = join(workDir, "uc-completion.bash");
    writeFileSync(script, withChannels.stdout);
    /** What bash offers after typing `line` (the last word being completed). */
    const complete = (line: string): string[] => {
      const words = line.split(" ");
      const program = [
        `source ${JSON.stringify(script)}`,
        `COMP_WORDS=(${words.map((word) => JSON.stringify(word)).join(" ")})`,
        `COMP_CWORD=${words.length - 1}`,
        "_uc_completion",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash array expansion, run by bash
        'printf "%s\\n" "${COMPREPLY[@]}"',
      ].join("\n");
      return execFileSync("bash", ["-c", program], { encoding: "utf8" }).split("\n").filter(Boolean);
    };
    expect(complete("uc ")).toEqual(
      expect.arrayContaining(["api-key", "jobs", "migrate", "seed", "channel", "completion", "help"]),
    );
    expect(complete("uc jobs ")).toEqual(["list", "failed", "retry", "run"]);
    expect(complete("uc channel co")).toEqual(["connect"]);
    expect(complete("uc migrate --")).toEqual(["--dry-run", "--json", "--config", "--help"]);
    expect(complete("uc jobs list --status ")).toEqual(["pending", "processing", "succeeded", "failed"]);
    expect(complete("uc catalog import x.csv --format n")).toEqual(["ndjson"]);
  });
});
