import type { Kysely } from "kysely";
import { sql } from "kysely";
import { AppError } from "@unified-commerce/core";
import type { AuthDb } from "./auth-tables.js";
import { randomBase32 } from "./secret-token.js";

export interface OrganizationInfo {
  id: string;
  name: string;
  createdAt: Date;
  memberCount: number;
}

/**
 * Organizations (stores). The rows live in the kernel's `organizations` table, which core creates and
 * reads; the auth package is the module that manages them, with their memberships.
 */
export interface OrganizationService {
  create(input: { name: string; id?: string }): Promise<OrganizationInfo>;
  list(): Promise<OrganizationInfo[]>;
  get(id: string): Promise<OrganizationInfo | undefined>;
}

const ORGANIZATION_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export function createOrganizationService(db: Kysely<AuthDb>): OrganizationService {
  const listQuery = () =>
    db
      .selectFrom("organizations as o")
      .select([
        "o.id",
        "o.name",
        "o.createdAt",
        sql<string>`(select count(*) from auth_memberships m where m.organization_id = o.id)`.as("memberCount"),
      ]);
  const toInfo = (row: { id: string; name: string; createdAt: Date; memberCount: string }): OrganizationInfo => ({
    ...row,
    memberCount: Number(row.memberCount),
  });

  return {
    async create({ name, id }) {
      const trimmed = name.trim();
      if (!trimmed) throw AppError.validation([{ path: "name", message: "must not be empty" }]);
      const organizationId = id ?? `org_${randomBase32(8)}`;
      if (!ORGANIZATION_ID.test(organizationId))
        throw AppError.validation([{ path: "id", message: "lower-case letters, digits, - and _ only" }]);
      const row = await db
        .insertInto("organizations")
        .values({ id: organizationId, name: trimmed })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning(["id", "name", "createdAt"])
        .executeTakeFirst();
      if (!row) throw AppError.conflict(`Organization "${organizationId}" already exists`);
      return { ...row, memberCount: 0 };
    },
    async list() {
      return (await listQuery().orderBy("o.createdAt").orderBy("o.id").execute()).map(toInfo);
    },
    async get(id) {
      const row = await listQuery().where("o.id", "=", id).executeTakeFirst();
      return row ? toInfo(row) : undefined;
    },
  };
}
