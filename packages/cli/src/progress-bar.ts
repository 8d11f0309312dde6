import type { CliIo } from "./cli-context.js";

export interface ProgressBar {
  /** Moves the bar `step` units forward and names what is being done. */
  tick(label?: string, step?: number): void;
  /** Clears the bar. */
  done(): void;
}

const WIDTH = 30;

/**
 * A progress bar on stderr, so stdout stays clean for `--json`. Drawn only on a terminal: in CI and in
 * pipes it prints nothing (the command's result line says what was done).
 */
export function progressBar(io: CliIo, total: number, title: string): ProgressBar {
  const draw = io.isErrTerminal && io.errLine ? io.errLine.bind(io) : undefined;
  let current = 0;
  const render = (label: string) => {
    if (!draw || total <= 0) return;
    const filled = Math.round((Math.min(current, total) / total) * WIDTH);
    draw(`${title} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${current}/${total} ${label}`.slice(0, 120));
  };
  render("");
  return {
    tick(label = "", step = 1) {
      current += step;
      render(label);
    },
    done() {
      draw?.("");
    },
  };
}
