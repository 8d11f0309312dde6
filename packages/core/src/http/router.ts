import { z, type ZodType } from "zod";
import type { Actor } from "../kernel/actor.js";
import { isPermissionString } from "../kernel/permissions.js";
import type {
  DocumentedHeader,
  ErrorAnswerFormat,
  HandlerContext,
  HttpMethod,
  RoutePrecondition,
  RouteRegistration,
  RouteResult,
} from "./route-registration.js";

/** `{ id: string; refundId: string }` from `/orders/:id/refunds/:refundId`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? { [K in Param]: string }
    : Record<string, never>;

export interface RouteDoc {
  summary: string;
  description?: string;
}

/**
 * Configures one route; `.handler()` finishes it and returns the router for the next one. `O` is what
 * `data` must be: the input type of the `.output()` schema (anything until one is given).
 */
export interface RouteBuilder<P, I, Q, A extends Actor | null, O = unknown> {
  /** Refuse anonymous requests with 401. */
  auth(): RouteBuilder<P, I, Q, Actor, O>;
  /**
   * Refuse with 401 every caller that is not a signed-in person (a session cookie or its bearer token):
   * anonymous, API keys (even an administrator's) and system actors. Checked before permissions.
   */
  session(): RouteBuilder<P, I, Q, Actor, O>;
  /** Require every listed permission (403 FORBIDDEN otherwise); implies `.auth()`. */
  permission(...scopes: [string, ...string[]]): RouteBuilder<P, I, Q, Actor, O>;
  /** Validate the JSON body. */
  input<S extends ZodType>(schema: S): RouteBuilder<P, z.output<S>, Q, A, O>;
  /** Validate the query string. */
  query<S extends ZodType>(schema: S): RouteBuilder<P, I, z.output<S>, A, O>;
  /** Validate path parameters (default: every `:param` is a string). */
  params<S extends ZodType>(schema: S): RouteBuilder<z.output<S>, I, Q, A, O>;
  /**
   * Schema of `data` in the answer: documented, extra fields stripped, and the handler's `data` must fit
   * its input type (a `JsonText` answer is held to it by the route's tests instead).
   */
  output<S extends ZodType>(schema: S): RouteBuilder<P, I, Q, A, z.input<S>>;
  /**
   * Schema of `meta` in the answer (a list's pagination): documented instead of a free-form object. Like
   * `data`, an answer of objects is written with the declared fields only, so declare all the handler sets.
   */
  meta(schema: ZodType): RouteBuilder<P, I, Q, A, O>;
  /** Success status. @default 200 */
  status(code: number): RouteBuilder<P, I, Q, A, O>;
  /** Non-JSON answer content type, for the OpenAPI document. */
  produces(contentType: string): RouteBuilder<P, I, Q, A, O>;
  /**
   * The handler reads a multipart/form-data body with `request.parts()` (uploads). The OpenAPI document
   * shows a required `file` part and the text `fields` named here (name to description).
   */
  multipart(fields?: Record<string, string>): RouteBuilder<P, I, Q, A, O>;
  /**
   * The body is handed over as the bytes received (`input` is a Buffer, undefined when empty), whatever
   * its content type: for signatures computed over the exact body (payment webhooks).
   */
  rawBody(): RouteBuilder<P, Buffer | undefined, Q, A, O>;
  /**
   * Document a request header the handler reads (`x-cart-token`...) in the OpenAPI document. Nothing is
   * validated: the handler checks the value, and an absent optional header is no error.
   */
  header(name: string, doc: DocumentedHeader): RouteBuilder<P, I, Q, A, O>;
  /**
   * Check the request's headers after validation, before an `Idempotency-Key` is claimed and the handler
   * runs (a protocol's required headers): a refusal here is never stored as a key's answer.
   */
  precondition(check: RoutePrecondition): RouteBuilder<P, I, Q, A, O>;
  /** Answer this route's errors in another protocol's shape instead of the API's error envelope. */
  errorAnswer(format: ErrorAnswerFormat): RouteBuilder<P, I, Q, A, O>;
  /** Answer `data` itself as the body, without the `{ data, meta }` envelope (another protocol's resources). */
  unwrapped(): RouteBuilder<P, I, Q, A, O>;
  handler(fn: (context: HandlerContext<P, I, Q, A>) => Promise<RouteResult<O>>): Router;
}

type MethodStarter = <Path extends string>(
  path: Path,
  doc: RouteDoc,
) => RouteBuilder<PathParams<Path>, undefined, undefined, Actor | null>;

export interface Router {
  get: MethodStarter;
  post: MethodStarter;
  put: MethodStarter;
  patch: MethodStarter;
  delete: MethodStarter;
  build(): RouteRegistration[];
}

/**
 * The route builder used by core modules and plugins alike:
 *
 * ```ts
 * router("Hello", "/hello")
 *   .get("/:id", { summary: "Read a greeting" })
 *   .permission("hello:read")
 *   .handler(async ({ params, services }) => ({ data: await services.hello.get(params.id) }))
 *   .build();
 * ```
 *
 * `prefix` is relative to `/api`. Every built route appears in the OpenAPI document.
 */
export function router(tag: string, prefix: string): Router {
  const routes: RouteRegistration[] = [];
  const normalizedPrefix = prefix === "/" ? "" : prefix.replace(/\/$/, "");

  const start = (method: HttpMethod) =>
    ((path: string, doc: RouteDoc) => {
      const registration: RouteRegistration = {
        method,
        path: joinPath(normalizedPrefix, path),
        tag,
        summary: doc.summary,
        ...(doc.description === undefined ? {} : { description: doc.description }),
        isAuthRequired: false,
        permissions: [],
        status: 200,
        schemas: {},
        handler: async () => {
          throw new Error(`Route ${method} ${path} has no handler`);
        },
      };
      const params = pathParamNames(registration.path);
      if (params.length > 0) {
        registration.schemas.params = z.object(Object.fromEntries(params.map((name) => [name, z.string().min(1)])));
      }
      return routeBuilder(registration, () => {
        routes.push(registration);
        return self;
      });
    }) as MethodStarter;

  const self: Router = {
    get: start("GET"),
    post: start("POST"),
    put: start("PUT"),
    patch: start("PATCH"),
    delete: start("DELETE"),
    build: () => [...routes],
  };
  return self;
}

function routeBuilder(
  registration: RouteRegistration,
  finish: () => Router,
): RouteBuilder<never, never, never, never, never> {
  // The builder mutates one registration; the generic parameters only steer the handler's types.
  const builder: RouteBuilder<never, never, never, never, never> = {
    auth() {
      registration.isAuthRequired = true;
      return builder;
    },
    session() {
      registration.isAuthRequired = true;
      registration.isSessionRequired = true;
      return builder;
    },
    permission(...scopes) {
      for (const scope of scopes) {
        if (!isPermissionString(scope)) throw new Error(`Route ${registration.path}: invalid permission "${scope}"`);
      }
      registration.isAuthRequired = true;
      registration.permissions = [...registration.permissions, ...scopes];
      return builder;
    },
    input(schema) {
      registration.schemas.body = schema;
      return builder as never;
    },
    query(schema) {
      registration.schemas.query = schema;
      return builder as never;
    },
    params(schema) {
      registration.schemas.params = schema;
      return builder as never;
    },
    output(schema) {
      registration.schemas.data = schema;
      return builder as never;
    },
    meta(schema) {
      registration.schemas.meta = schema;
      return builder;
    },
    status(code) {
      registration.status = code;
      return builder;
    },
    produces(contentType) {
      registration.produces = contentType;
      return builder;
    },
    multipart(fields = {}) {
      registration.isMultipart = true;
      registration.multipartFields = fields;
      return builder;
    },
    rawBody() {
      registration.isRawBody = true;
      return builder as never;
    },
    header(name, doc) {
      registration.headers = { ...registration.headers, [name.toLowerCase()]: doc };
      return builder;
    },
    precondition(check) {
      registration.precondition = check;
      return builder;
    },
    errorAnswer(format) {
      registration.errorAnswer = format;
      return builder;
    },
    unwrapped() {
      registration.isUnwrapped = true;
      return builder;
    },
    handler(fn) {
      registration.handler = fn as RouteRegistration["handler"];
      return finish();
    },
  };
  return builder;
}

function joinPath(prefix: string, path: string): string {
  const joined = `${prefix}/${path.replace(/^\//, "")}`.replace(/\/$/, "");
  return joined === "" ? "/" : joined.startsWith("/") ? joined : `/${joined}`;
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}
