import { createLogMailer, defineTask, definePlugin, manualAdapter, type Plugin } from "@unified-commerce/plugin-sdk";
import { layawayEvents, REMIND_TASK, SWEEP_TASK } from "./layaway-declarations.js";
import { layawayMigrations } from "./layaway-migrations.js";
import { layawaySettings, type LayawayOptions } from "./layaway-options.js";
import { createLayawayService } from "./layaway-service.js";
import { createPlanRoute } from "./routes/create-plan.js";
import { forfeitPlanRoute } from "./routes/forfeit-plan.js";
import { getPlanRoute } from "./routes/get-plan.js";
import { listPlansRoute } from "./routes/list-plans.js";
import { recordPaymentRoute } from "./routes/record-payment.js";

export const LAYAWAY_VERSION = "0.1.0";

/**
 * The layaway plugin: plans that hold stock against a deposit and installments until paid off (then an
 * order) or forfeited. Written against `@unified-commerce/plugin-sdk` only; list it after the core
 * modules it uses (it is, like every plugin). Reminders go through `options.mailer`, else the
 * configuration's `mail.mailer`, else a mailer that logs.
 */
export function layaway(options: LayawayOptions = {}): Plugin {
  const settings = layawaySettings(options);
  return (config) =>
    definePlugin({
      id: "layaway",
      version: LAYAWAY_VERSION,
      dependencies: ["catalog", "inventory", "pricing", "tax", "carts", "orders", "payments", "jobs", "settings"],
      permissions: [
        { scope: "layaway:operate", description: "Create layaway plans, read them and record their payments" },
        { scope: "layaway:manage", description: "Forfeit layaway plans" },
      ],
      schema: { migrations: layawayMigrations },
      events: layawayEvents,
      services: ({ database, events, services, logger }) => ({
        layaways: createLayawayService({
          database,
          events,
          services,
          logger,
          settings,
          // Layaway money is taken at the counter (cash, a card terminal): the manual adapter records it.
          adapter: manualAdapter(),
          mailer: settings.mailer ?? config.mail?.mailer ?? createLogMailer(logger),
        }),
      }),
      tasks: [
        // Deadline forfeits and reminder claims, at boot and then every sweepIntervalMs.
        defineTask({
          slug: SWEEP_TASK,
          every: settings.sweepIntervalMs,
          handler: (_input, { services }) => services.layaways.sweep(),
        }),
        defineTask({
          slug: REMIND_TASK,
          retries: { attempts: 5, backoff: { type: "exponential", delay: 60_000 } },
          handler: ({ planId, installmentId }, { services, job }) =>
            services.layaways.sendReminder(job.organizationId, planId, installmentId),
        }),
      ],
      routes: (context) => [
        ...createPlanRoute(context),
        ...listPlansRoute(context),
        ...getPlanRoute(context),
        ...recordPaymentRoute(context),
        ...forfeitPlanRoute(context),
      ],
    })(config);
}
