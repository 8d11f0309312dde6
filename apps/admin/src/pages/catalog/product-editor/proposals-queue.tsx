import { Button, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { type DataColumn, DataTable } from "../../../components/data-table.js";
import type { ListPagination } from "../../../components/use-cursor-list.js";
import type { Entity } from "./general-form.js";
import { notify } from "../notify.js";

type Proposal = ResponseData<"/api/admin/custom-field-proposals", "get">[number];

/** Proposals read at once (the route's largest page); more than that waiting for one product is rare. */
const QUEUE_PAGE = 100;

/**
 * Pending custom-field values proposed for this entity (by a connected store, an import, a colleague),
 * to approve (it becomes the live value) or reject, oldest first: the queue route filters by `entityId`.
 */
export function ProposalsQueue({ entity }: { entity: Entity }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [deciding, setDeciding] = useState<string | null>(null);
  const proposals = useQuery({
    queryKey: ["catalog", "entities", "one", entity.id, "proposals"],
    queryFn: async () => {
      const answer = await api.get("/api/admin/custom-field-proposals", {
        query: { entityId: entity.id, limit: QUEUE_PAGE },
      });
      // The route answers `meta.pagination` (paginate()); the OpenAPI document types `meta` loosely.
      const pagination = (answer.meta as { pagination?: ListPagination } | undefined)?.pagination;
      return { rows: answer.data, total: pagination?.total ?? answer.data.length };
    },
    enabled: can("catalog:update"),
  });
  if (!can("catalog:update")) return null;

  const decide = async (row: Proposal, decision: "approve" | "reject") => {
    setDeciding(`${row.id}:${decision}`);
    try {
      const init = { params: { id: entity.id, fieldName: row.fieldName }, query: { locale: row.locale } };
      if (decision === "approve") await api.post("/api/catalog/entities/{id}/custom-fields/{fieldName}/approve", init);
      else await api.post("/api/catalog/entities/{id}/custom-fields/{fieldName}/reject", init);
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
      notify(`${row.fieldName}: ${decision === "approve" ? "approved" : "rejected"}.`);
    } catch (error) {
      notify(error instanceof Error ? error.message : "Not decided", "red");
    } finally {
      setDeciding(null);
    }
  };

  const columns: DataColumn<Proposal>[] = [
    { key: "field", header: "Field", render: (row) => `${row.fieldName} (${row.locale})` },
    { key: "value", header: "Proposed value", render: (row) => <Code>{JSON.stringify(row.value)}</Code> },
    { key: "source", header: "From", render: (row) => row.storeId ?? row.source, isHiddenOnPhone: true },
    {
      key: "actions",
      header: "Decision",
      isNumeric: true,
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" loading={deciding === `${row.id}:approve`} onClick={() => decide(row, "approve")}>
            Approve
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={deciding === `${row.id}:reject`}
            onClick={() => decide(row, "reject")}
          >
            Reject
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="xs" mt="xl">
      <Title order={2} size="h4">
        Proposed values
      </Title>
      <DataTable
        caption="Proposed custom-field values"
        columns={columns}
        rows={proposals.data?.rows ?? []}
        getRowKey={(row) => row.id}
        isLoading={proposals.isLoading}
        error={proposals.error}
        onRetry={() => void proposals.refetch()}
        empty={<Text c="dimmed">No proposal waits for a decision.</Text>}
        footer={
          proposals.data && proposals.data.total > proposals.data.rows.length ? (
            <Text size="sm" c="dimmed">
              The oldest {proposals.data.rows.length} of {proposals.data.total}: decide these to see the next.
            </Text>
          ) : undefined
        }
      />
    </Stack>
  );
}
