import { z } from "zod";
import {
  defineErrors,
  defineEvents,
  defineSettingsGroups,
  type ErrorCodesOf,
  type EventPayloadsOf,
  type SettingsGroupsOf,
} from "@unified-commerce/plugin-sdk";

/** The plugin's own error codes, merged into the kernel's (and listed in the OpenAPI document). */
export const helloErrors = defineErrors({
  GREETING_BLOCKED: { status: 403, message: "This name may not be greeted" },
});

/** Events the plugin emits; webhook endpoints may subscribe to them like to the built-in ones. */
export const helloEvents = defineEvents({
  "hello.greeted": {
    description: "A greeting was stored",
    payload: z.object({ name: z.string(), message: z.string() }),
  },
});

/** The `hello` settings group (`PATCH /api/settings/hello`), validated like the built-in groups. */
export const helloSettings = defineSettingsGroups({
  hello: z.strictObject({
    /** Replaces the plugin's `template` option for the store; must hold `{name}`. */
    template: z.string().min(1).max(200).includes("{name}", { message: "must contain {name}" }),
  }),
});

// The declarations above, in the registries' types: `new AppError("GREETING_BLOCKED")`, `events.emit({
// type: "hello.greeted" })`, `services.settings.get(org, "hello")` and the hook key are checked by tsc.
declare module "@unified-commerce/plugin-sdk" {
  interface ErrorCodes extends ErrorCodesOf<typeof helloErrors> {}
  interface DomainEvents extends EventPayloadsOf<typeof helloEvents> {}
  interface SettingsGroups extends SettingsGroupsOf<typeof helloSettings> {}
  interface HookPayloads {
    /** Before a greeting is stored: a handler may change the name or refuse it. */
    "hello.beforeCreate": { name: string };
  }
}
