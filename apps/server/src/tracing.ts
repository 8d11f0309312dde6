/** Stops tracing after flushing the spans not yet exported. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry tracing of the process when an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT`
 * or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, OTLP over HTTP); null, and nothing loaded, otherwise.
 *
 * Spans come from the official instrumentations: `@fastify/otel` (a request span per route, named by its
 * template, with hook and handler spans), `@opentelemetry/instrumentation-http` (the server span and
 * outgoing calls such as webhook deliveries) and `@opentelemetry/instrumentation-pg` (one span per
 * query). Call it before anything imports `pg` or `fastify`: the entry files import the rest of the
 * process only afterwards, because ESM imports are patched only once the loader hook is registered.
 * The exporter follows the standard `OTEL_*` variables (headers, timeout, `OTEL_SERVICE_NAME`...).
 */
export async function startTracing(env: NodeJS.ProcessEnv, serviceName: string): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  const { register } = await import("node:module");
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url);

  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
    import("@fastify/otel"),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation(),
      // Registers itself on every Fastify instance as it is created (Fastify's diagnostics channel).
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
