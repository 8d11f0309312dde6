import {
  CamelCasePlugin,
  PostgresQueryCompiler,
  type Dialect,
  type PluginTransformQueryArgs,
  type RootOperationNode,
} from "kysely";

/**
 * snake_case columns read and written as camelCase, with Kysely's `CamelCasePlugin` mapping. Keys inside
 * JSON values (metadata, variant options, settings, search attributes, event payloads) are the caller's
 * data and come back exactly as stored: by default the plugin would answer `{"external_id": 1}` as
 * `{"externalId": 1}`.
 *
 * The plugin renames identifiers by copying every query's whole operation tree before it is compiled (a
 * measurable share of the server's CPU in a checkout: see bench/results/checkout.md). Here the compiler
 * renames each identifier as it writes it instead (`snakeCaseIdentifiers`), which makes the same SQL, and
 * the plugin only renames the result's columns.
 */
class ColumnNamesPlugin extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** The SQL name of a TypeScript one (`organizationId` → `organization_id`), memoized by the plugin. */
  sqlName(identifier: string): string {
    return this.snakeCase(identifier);
  }
}

const columnNames = new ColumnNamesPlugin({ maintainNestedObjectKeys: true });

/** The plugin that renames result columns; pair it with a dialect from `snakeCaseIdentifiers`. */
export const columnNamesPlugin = (): CamelCasePlugin => columnNames;

class SnakeCaseQueryCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(columnNames.sqlName(identifier));
  }
}

/** `dialect`, compiling every identifier (`sql.ref` and `sql.id` ones included) in snake_case. */
export function snakeCaseIdentifiers(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => new SnakeCaseQueryCompiler(),
  };
}
