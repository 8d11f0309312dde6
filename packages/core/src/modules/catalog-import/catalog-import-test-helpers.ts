import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import type { Kernel } from "../../kernel/create-kernel.js";
import { jsonHeaders, testAdminActor } from "../../testing/index.js";

/** Sends an import body as it is (a streamed upload) and answers status and parsed body. */
export async function postImport(
  app: FastifyInstance,
  payload: string | Buffer,
  contentType: string,
  options: { actor?: Actor; url?: string } = {},
) {
  const { "content-type": _json, ...headers } = jsonHeaders(options.actor ?? testAdminActor);
  const response = await app.inject({
    method: "POST",
    url: options.url ?? "/api/catalog/import",
    headers: { ...headers, "content-type": contentType },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Runs the queue until the import's job is done (the tests' stand-in for the worker); answers the import. */
export async function finishImport(app: FastifyInstance, kernel: Kernel, id: string, actor: Actor = testAdminActor) {
  for (let round = 0; round < 20; round += 1) {
    await kernel.services.jobs.run({ queue: "default", limit: 20 });
    const { "content-type": _json, ...headers } = jsonHeaders(actor);
    const response = await app.inject({ method: "GET", url: `/api/catalog/import/${id}`, headers });
    const body = response.json();
    if (body.data?.status === "completed" || body.data?.status === "failed") return body.data;
  }
  throw new Error(`import ${id} did not finish`);
}

/** One NDJSON line per entity. */
export const ndjson = (rows: readonly unknown[]): string => `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;
