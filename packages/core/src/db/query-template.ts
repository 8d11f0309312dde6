import {
  createQueryId,
  sql,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
  type RawBuilder,
  type Transaction,
} from "kysely";
import type { CoreTables } from "./core-tables.js";

const NAME = Symbol("placeholder");

/**
 * Stands for an argument while a template is built. Turning it into a primitive or JSON throws: code that
 * computes with an argument while building (`args.quantity * 2`, `` `note ${args.id}` ``) would otherwise
 * bake the placeholder's text into every run. Such work belongs in SQL, or in the caller's arguments.
 */
class Placeholder {
  readonly [NAME]: string;

  constructor(name: string) {
    this[NAME] = name;
  }

  [Symbol.toPrimitive](): never {
    throw new Error(
      `Query template argument "${this[NAME]}" was used as a value while building: pass what it computes as an argument`,
    );
  }

  toJSON(): never {
    return this[Symbol.toPrimitive]();
  }
}

/** Every property read is the placeholder of that argument; the arguments cannot be listed or spread. */
const placeholders = new Proxy({} as Record<string | symbol, Placeholder>, {
  get: (_target, name) => new Placeholder(String(name)),
  ownKeys: () => {
    throw new Error(
      "A query template's arguments are known only by name while building: name each one (`args.id`), do not spread them",
    );
  },
});

/**
 * The template's SQL and parameters. The SQL depends only on the dialect's compiler, which every database
 * of the kernel shares. A moment written in the build (`new Date()`) would be the first run's moment in
 * every run, so it is refused: it must be an argument.
 */
function compileOnce(db: Kysely<CoreTables>, query: Compilable<unknown> | RawBuilder<unknown>): CompiledQuery {
  const compiled = "isRawBuilder" in query ? query.compile(db) : query.compile();
  if (compiled.parameters.some((parameter) => parameter instanceof Date)) {
    throw new Error(
      `A query template holds a moment written while building it: pass it as an argument (${compiled.sql})`,
    );
  }
  return compiled;
}

/** A query built and compiled once; each run binds new arguments. */
export interface QueryTemplate<Args, Row> {
  execute(db: Kysely<CoreTables> | Transaction<CoreTables>, args: Args): Promise<QueryResult<Row>>;
}

/**
 * A query whose SQL is built once, for the statements a request runs every time (checkout's). Kysely
 * builds an immutable tree and compiles it at every call, a large share of a checkout's server CPU
 * (see bench/results/checkout.md). `build` runs once, at the first `execute`, with each
 * argument standing in as a placeholder (typed as its value so the builder checks it); the compiled SQL
 * is kept, and each run puts the arguments where their placeholders were. `build` may answer a query
 * builder or a `sql` template.
 *
 * A template has one shape: `build` must not branch on an argument (it cannot read one), and a list
 * whose length varies is one array argument (`anyOf`), not an `in` list. Values written in `build` that
 * are not arguments (`'open'`, `null`) are the same in every run. An argument is always bound: an
 * `undefined` one is NULL, where a builder would have left the column out of an insert.
 */
export function queryTemplate<Args extends object, Row>(
  build: (db: Kysely<CoreTables>, args: Args) => Compilable<Row> | RawBuilder<Row>,
): QueryTemplate<Args, Row> {
  let compiled: CompiledQuery | undefined;
  return {
    async execute(db, args) {
      compiled ??= compileOnce(db, build(db, placeholders as unknown as Args));
      const values = args as Record<string, unknown>;
      const parameters = compiled.parameters.map((parameter) => {
        if (!(parameter instanceof Placeholder)) return parameter;
        const name = parameter[NAME];
        if (!(name in values)) throw new Error(`Query template argument "${name}" is missing`);
        return values[name];
      });
      return db.executeQuery<Row>({ sql: compiled.sql, query: compiled.query, queryId: createQueryId(), parameters });
    },
  };
}

/**
 * The right side of `column = any(...)`: a list as ONE argument of SQL type `type`, so a template keeps
 * one shape whatever the list's length (an `in` list has a parameter per value).
 */
export function anyOf<T>(values: readonly T[], type: "uuid" | "text"): RawBuilder<T> {
  return sql<T>`any(${values}::${sql.raw(type)}[])`;
}
