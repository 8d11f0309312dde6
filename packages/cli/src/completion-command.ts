import { bashCompletion } from "./bash-completion.js";
import { cliCommand, type CliCommand } from "./cli-command.js";
import { CliUsageError } from "./cli-error.js";

/** `uc completion bash`: the script is generated from every command's declaration, the plugins' included. */
export function completionCommand(allCommands: () => Promise<readonly CliCommand[]>): CliCommand {
  return cliCommand({
    name: "completion",
    summary: "Print a shell completion script (bash) for every command, the configured plugins' included",
    arguments: [{ name: "shell", required: true, description: "The shell: bash" }],
    options: {},
    examples: ["source <(uc completion bash)", "uc completion bash > ~/.local/share/bash-completion/completions/uc"],
    run: async ({ positionals }, io) => {
      const [shell, ...extra] = positionals;
      if (shell !== "bash" || extra.length > 0) {
        throw new CliUsageError(
          `uc completion knows bash${shell && shell !== "bash" ? `, not "${shell}"` : ""}: \`uc completion bash\``,
        );
      }
      io.out(bashCompletion(await allCommands()));
    },
  });
}
