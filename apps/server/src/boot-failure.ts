/**
 * Ends a process whose boot failed with one line on stderr. A refused configuration (production without
 * `UC_SECRET_KEY`, a mailer or an https `PUBLIC_URL`) names the variable to set, and an operator reading
 * a container's log should see that line, not a stack trace under it. Outside production the stack
 * follows the line, for whoever is changing the code.
 */
export function exitOnBootFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`boot failed: ${message.replaceAll("\n", " ")}\n`);
  if (process.env.NODE_ENV !== "production" && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}
