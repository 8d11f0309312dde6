import { AppError } from "./app-error.js";
import type { Actor } from "./actor.js";
import type { Services } from "./contexts.js";

/**
 * Payload types of known hook keys. Modules add theirs by augmenting this interface; unknown keys take
 * `unknown` payloads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface HookPayloads {}

export interface HookContext {
  organizationId: string;
  actor: Actor | null;
  services: Services;
}

/** A handler for one hook key. Declared as a method so typed handlers fit the manifest list. */
export interface HookRegistration {
  key: string;
  handler(payload: unknown, context: HookContext): unknown;
}

/** Builds a hook registration whose payload is typed by `HookPayloads` when the key is known there. */
export function defineHook<K extends string>(
  key: K,
  handler: (payload: K extends keyof HookPayloads ? HookPayloads[K] : unknown, context: HookContext) => unknown,
): HookRegistration {
  return { key, handler: handler as HookRegistration["handler"] };
}

/** An after-hook that failed: reported to the caller (`meta.hookErrors`), never thrown. */
export interface HookError {
  key: string;
  message: string;
  code?: string;
}

export interface HookRunner {
  /** Runs the handlers of a before-hook in order; a handler aborts the operation by throwing an AppError. */
  runBefore(key: string, payload: unknown, context: HookContext): Promise<void>;
  /** Runs every handler of an after-hook; failures are collected and returned, not thrown. */
  runAfter(key: string, payload: unknown, context: HookContext): Promise<HookError[]>;
  keys(): string[];
}

export function createHookRunner(registrations: readonly HookRegistration[]): HookRunner {
  const byKey = new Map<string, HookRegistration["handler"][]>();
  for (const { key, handler } of registrations) {
    byKey.set(key, [...(byKey.get(key) ?? []), handler]);
  }

  return {
    async runBefore(key, payload, context) {
      for (const handler of byKey.get(key) ?? []) {
        try {
          await handler(payload, context);
        } catch (error) {
          if (error instanceof AppError) throw error;
          // A before-hook that crashes must not let the operation through as if it had approved it.
          throw new AppError("INTERNAL_ERROR", { message: `Hook ${key} failed`, cause: error });
        }
      }
    },
    async runAfter(key, payload, context) {
      const errors: HookError[] = [];
      for (const handler of byKey.get(key) ?? []) {
        try {
          await handler(payload, context);
        } catch (error) {
          errors.push({
            key,
            message: error instanceof Error ? error.message : String(error),
            ...(error instanceof AppError ? { code: error.code } : {}),
          });
        }
      }
      return errors;
    },
    keys: () => [...byKey.keys()],
  };
}
