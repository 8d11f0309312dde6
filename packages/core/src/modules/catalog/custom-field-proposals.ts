import { randomUUID } from "node:crypto";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import {
  assertCanChangeSourced,
  catalogScope,
  emitCatalogEvent,
  requireEntity,
  touchEntity,
  type CatalogContext,
} from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import { validateFieldValue } from "./custom-field-validation.js";
import { ROW_COLUMNS, toRow, writeApprovedValues, type CustomFieldRow } from "./custom-field-values.js";
import { loadDefinitions } from "./field-definitions.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** A queue item: the proposal row plus what it is about. */
export interface ProposalQueueItem extends CustomFieldRow {
  entitySlug: string;
  entityType: string;
}

export interface ProposeInput {
  value: unknown;
  locale: string;
  source: string;
  storeId?: string | null;
}

/** Proposals: pending values that an editor approves (displacing the live value) or rejects. */
export function createProposalOperations(context: CatalogContext) {
  const newestPending = (
    trx: Parameters<typeof catalogScope>[0],
    organizationId: string,
    entityId: string,
    fieldName: string,
    locale: string,
  ) =>
    catalogScope(trx, organizationId)
      .selectFrom("catalogCustomFieldValues")
      .select([...ROW_COLUMNS, "sequence"])
      .where("entityId", "=", entityId)
      .where("fieldName", "=", fieldName)
      .where("locale", "=", locale)
      .where("status", "=", "pending")
      .orderBy("sequence", "desc")
      .limit(1)
      .executeTakeFirst();

  return {
    async propose(
      organizationId: string,
      idOrSlug: string,
      fieldName: string,
      input: ProposeInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomFieldRow> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug);
        const definitions = await loadDefinitions(trx, organizationId, entity.type);
        validateFieldValue(
          definitions.find((definition) => definition.name === fieldName),
          input.value,
          "body.value",
        );
        const id = randomUUID();
        await catalogScope(trx, organizationId)
          .insertInto("catalogCustomFieldValues", {
            id,
            entityId: entity.id,
            fieldName,
            locale: input.locale,
            value: JSON.stringify(input.value),
            status: "pending",
            source: input.source,
            storeId: input.storeId ?? null,
            setBy: actor?.id ?? null,
            setByType: actor?.type ?? null,
          })
          .execute();
        const row = await catalogScope(trx, organizationId)
          .selectFrom("catalogCustomFieldValues")
          .select(ROW_COLUMNS)
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return toRow(row);
      });
    },

    /**
     * Approves the newest pending proposal of a field: it becomes the live value and older pending ones
     * are superseded, in one transaction under the entity's row lock (direct updates take the same lock).
     */
    async approve(
      organizationId: string,
      idOrSlug: string,
      fieldName: string,
      locale: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomFieldRow> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        assertCanChangeSourced(entity, actor);
        const proposal = await newestPending(trx, organizationId, entity.id, fieldName, locale);
        if (!proposal) throw catalogErrors.noPendingProposal(fieldName, locale);
        const definitions = await loadDefinitions(trx, organizationId, entity.type);
        validateFieldValue(
          definitions.find((definition) => definition.name === fieldName),
          proposal.value,
          `customFields.${fieldName}`,
        );
        const scope = catalogScope(trx, organizationId);
        const { before } = await writeApprovedValues(trx, {
          organizationId,
          entityId: entity.id,
          locale,
          values: { [fieldName]: null },
          provenance: { source: proposal.source, storeId: proposal.storeId, actor },
        });
        const decided = { decidedAt: new Date(), decidedBy: actor?.id ?? null };
        await scope
          .updateTable("catalogCustomFieldValues")
          .set({ status: "approved", ...decided })
          .where("id", "=", proposal.id)
          .execute();
        await scope
          .updateTable("catalogCustomFieldValues")
          .set({ status: "superseded", ...decided })
          .where("entityId", "=", entity.id)
          .where("fieldName", "=", fieldName)
          .where("locale", "=", locale)
          .where("status", "=", "pending")
          .execute();
        await touchEntity(trx, organizationId, entity.id);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: {
            change: "customFieldApproved",
            proposalId: proposal.id,
            locale,
            before: { [fieldName]: before[fieldName] ?? null },
            after: { [fieldName]: proposal.value },
          },
          actor,
        });
        const row = await scope
          .selectFrom("catalogCustomFieldValues")
          .select(ROW_COLUMNS)
          .where("id", "=", proposal.id)
          .executeTakeFirstOrThrow();
        return toRow(row);
      });
    },

    /** Rejects the newest pending proposal of a field; the live value stays. */
    async reject(
      organizationId: string,
      idOrSlug: string,
      fieldName: string,
      locale: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomFieldRow> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const proposal = await newestPending(trx, organizationId, entity.id, fieldName, locale);
        if (!proposal) throw catalogErrors.noPendingProposal(fieldName, locale);
        const scope = catalogScope(trx, organizationId);
        await scope
          .updateTable("catalogCustomFieldValues")
          .set({ status: "rejected", decidedAt: new Date(), decidedBy: actor?.id ?? null })
          .where("id", "=", proposal.id)
          .execute();
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: { change: "customFieldRejected", proposalId: proposal.id, fieldName, locale },
          actor,
        });
        const row = await scope
          .selectFrom("catalogCustomFieldValues")
          .select(ROW_COLUMNS)
          .where("id", "=", proposal.id)
          .executeTakeFirstOrThrow();
        return toRow(row);
      });
    },

    /** The organization's pending proposals, oldest first, each with its entity's slug and type. */
    async listProposals(
      organizationId: string,
      query: PaginationQuery & { entityType?: string; entityId?: string },
      options?: TxOptions,
    ): Promise<{ items: ProposalQueueItem[]; total: number }> {
      const db = options?.trx ?? context.db;
      const scope = catalogScope(db, organizationId);
      let select = scope
        .selectFrom("catalogCustomFieldValues")
        .innerJoin("catalogEntities", "catalogEntities.id", "catalogCustomFieldValues.entityId")
        .where("catalogCustomFieldValues.status", "=", "pending");
      if (query.entityType) select = select.where("catalogEntities.type", "=", query.entityType);
      if (query.entityId) select = select.where("catalogEntities.id", "=", query.entityId);
      const [rows, counted] = await Promise.all([
        select
          .select(ROW_COLUMNS.map((column) => `catalogCustomFieldValues.${column}` as const))
          .select(["catalogEntities.slug as entitySlug", "catalogEntities.type as entityType"])
          .orderBy("catalogCustomFieldValues.sequence", "asc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return {
        items: rows.map(({ entitySlug, entityType, ...row }) => ({ ...toRow(row), entitySlug, entityType })),
        total: Number(counted?.count ?? 0),
      };
    },
  };
}
