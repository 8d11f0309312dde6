import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { ZodType } from "zod";
import type { Actor } from "../kernel/actor.js";
import type { AppError } from "../kernel/app-error.js";
import type { Services } from "../kernel/services.js";
import type { CoreTables } from "../db/core-tables.js";
import type { JsonText } from "./json-text.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a handler receives. `A` is `Actor` once the route requires authentication. */
export interface HandlerContext<P = unknown, I = unknown, Q = unknown, A extends Actor | null = Actor | null> {
  /** The validated body. */
  input: I;
  /** The validated query string. */
  query: Q;
  /** The validated path parameters. */
  params: P;
  actor: A;
  /** The organization the request acts on (actor's, store resolver's, or the default). */
  organizationId: string;
  services: Services;
  db: Kysely<CoreTables>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers with the envelope (`data` typed by the route's `.output()` schema); `meta` carries
 * pagination or `hookErrors`. Void when it replied itself.
 */
export type RouteResult<Data = unknown> = { data: Data; meta?: Record<string, unknown> } | JsonText | void;

/** A request header as the OpenAPI document describes it; the handler reads and checks it itself. */
export interface DocumentedHeader {
  description: string;
  maxLength?: number;
  /** Listed as required in the OpenAPI document (the route's `.precondition()` enforces it). */
  isRequired?: boolean;
}

/** An error as a route of another protocol answers it: its status, body and extra headers. */
export interface ErrorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Renders the errors of a route that speaks a protocol with its own error shape (the Agentic Checkout
 * API's flat `{ type, code, message, param }`). It receives every refusal of the route (authentication,
 * validation, the handler's), and faults as an INTERNAL_ERROR without internals.
 */
export type ErrorAnswerFormat = (error: AppError, request: FastifyRequest) => ErrorAnswer;

/**
 * A check of the request's headers that runs after validation and before an `Idempotency-Key` is claimed
 * and the handler runs: what it refuses is never stored as a key's answer. Throw an AppError to refuse.
 */
export type RoutePrecondition = (request: FastifyRequest, reply: FastifyReply) => void;

/** A route as the builder produces it and the HTTP layer registers it. */
export interface RouteRegistration {
  method: HttpMethod;
  /** Path below `/api`, with `:param` segments. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Refuse anonymous requests (401). Implied by a permission. */
  isAuthRequired: boolean;
  /**
   * Only a signed-in person passes (a `user` actor: a session cookie or its bearer token); anyone else,
   * an API key or a system actor included, is a 401 before any permission is looked at. Implies auth.
   */
  isSessionRequired?: boolean;
  /** Every one of these is required (403 FORBIDDEN otherwise). */
  permissions: readonly string[];
  /** Success status. @default 200 (201 for POST that creates is set with `.status(201)`). */
  status: number;
  schemas: { body?: ZodType; query?: ZodType; params?: ZodType; data?: ZodType; meta?: ZodType };
  /** Content type of a non-JSON answer, for the OpenAPI document (e.g. `application/pdf`). */
  produces?: string;
  /**
   * The handler reads a `multipart/form-data` body itself (`request.parts()`). Only such routes are
   * registered with @fastify/multipart, whose hooks would otherwise run on every request.
   */
  isMultipart?: boolean;
  /** The text parts of a multipart body besides `file`, name to description, for the OpenAPI document. */
  multipartFields?: Record<string, string>;
  /**
   * The handler receives the body's bytes as they arrived (`input` is a Buffer), for signatures over the
   * exact body. Only such routes are registered with the raw parser, in a context of their own.
   */
  isRawBody?: boolean;
  /** Request headers the handler reads, by lower-case name, for the OpenAPI document (`.header()`). */
  headers?: Record<string, DocumentedHeader>;
  /** See {@link RoutePrecondition} (`.precondition()`). */
  precondition?: RoutePrecondition;
  /** See {@link ErrorAnswerFormat} (`.errorAnswer()`); absent: the API's `{ error: { code, message } }` envelope. */
  errorAnswer?: ErrorAnswerFormat;
  /** The answer's body is `data` itself, not the `{ data, meta }` envelope (`.unwrapped()`): another protocol's resources. */
  isUnwrapped?: boolean;
  handler(context: HandlerContext): Promise<RouteResult>;
}
