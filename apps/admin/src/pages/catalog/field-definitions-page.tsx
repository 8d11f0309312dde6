import { Alert, Badge, Button, Group, Modal, Select, Stack, Switch, Text, VisuallyHidden } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { usePermissions } from "../../auth/use-permissions.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { type DataColumn, DataTable } from "../../components/data-table.js";
import { PageHeader } from "../../components/page-header.js";
import { READABLE_ALERT_TITLE } from "./readable-alert-title.js";
import { FIELD_DEFINITIONS_KEY, FieldDefinitionForm } from "./field-definitions/field-definition-form.js";
import { dataTypeLabel, type FieldDefinition } from "./field-definitions/field-definition-rules.js";
import { RowActions } from "./row-actions.js";

type Editing = { mode: "create" } | { mode: "edit"; definition: FieldDefinition };

/** Entity types offered even before any definition uses them. */
const COMMON_ENTITY_TYPES = ["product"];

/**
 * The custom fields each entity type carries: create, edit and archive (there is no delete, so values
 * already stored keep their meaning). The list route needs `catalog:update`, like every write here.
 */
export function FieldDefinitionsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can, isLoading: isLoadingPermissions } = usePermissions();
  const mayManage = can("catalog:update");
  const [entityType, setEntityType] = useState<string | null>(null);
  const [isShowingArchived, setShowingArchived] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [archiving, setArchiving] = useState<FieldDefinition | null>(null);
  // The whole list (it is not paged): the entity-type filter and the archived toggle work on it here.
  const list = useQuery({
    queryKey: [...FIELD_DEFINITIONS_KEY],
    queryFn: async () => (await api.get("/api/admin/entity-field-definitions")).data,
    enabled: mayManage,
  });
  const definitions = list.data ?? [];
  const entityTypes = useMemo(
    () =>
      [...new Set([...COMMON_ENTITY_TYPES, ...(list.data ?? []).map((definition) => definition.entityType)])].sort(),
    [list.data],
  );
  const rows = definitions.filter(
    (definition) =>
      (entityType === null || definition.entityType === entityType) && (isShowingArchived || !definition.archivedAt),
  );
  const archivedCount = definitions.filter((definition) => definition.archivedAt).length;

  const columns: DataColumn<FieldDefinition>[] = [
    {
      key: "name",
      header: "Field",
      render: (definition) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {definition.label ?? definition.name}
          </Text>
          {definition.label ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {definition.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "entityType",
      header: "Entity type",
      render: (definition) => <Text size="sm">{definition.entityType}</Text>,
      isHiddenOnPhone: true,
    },
    {
      key: "dataType",
      header: "Data type",
      isHiddenOnPhone: true,
      render: (definition) => (
        <Stack gap={0}>
          <Text size="sm">{dataTypeLabel(definition.dataType)}</Text>
          {definition.options ? (
            <Text size="xs" c="dimmed" lineClamp={1} maw={240}>
              {definition.options.join(", ")}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "flags",
      header: "Flags",
      render: (definition) => (
        <Group gap={4}>
          {/* Default badges: the light colored ones fall short of WCAG AA contrast on white. */}
          {definition.archivedAt ? (
            <Badge variant="filled" color="gray">
              Archived
            </Badge>
          ) : null}
          {definition.required ? <Badge variant="default">Required</Badge> : null}
          {definition.filterable ? <Badge variant="default">Filterable</Badge> : null}
        </Group>
      ),
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (definition) =>
        definition.archivedAt ? null : (
          <RowActions
            name={definition.label ?? definition.name}
            onEdit={() => setEditing({ mode: "edit", definition })}
            onRemove={() => setArchiving(definition)}
            removeLabel="Archive"
            removePermission="catalog:update"
          />
        ),
    },
  ];

  const archive = async () => {
    if (!archiving) return;
    await api.post("/api/admin/entity-field-definitions/{id}/archive", { params: { id: archiving.id } });
    await queryClient.invalidateQueries({ queryKey: FIELD_DEFINITIONS_KEY });
  };

  return (
    <>
      <PageHeader
        title="Field definitions"
        description="Custom fields each kind of catalog entity carries, with their type and rules."
        actions={
          <Can permission="catalog:update">
            <Button onClick={() => setEditing({ mode: "create" })}>New field</Button>
          </Can>
        }
      />
      {!mayManage && !isLoadingPermissions ? (
        <Alert color="yellow" title="Not available to your role" styles={READABLE_ALERT_TITLE}>
          Managing custom fields needs the catalog:update permission.
        </Alert>
      ) : (
        <>
          <Group mb="md" gap="md" align="flex-end">
            <Select
              label="Entity type"
              placeholder="All entity types"
              data={entityTypes}
              value={entityType}
              onChange={setEntityType}
              clearable
              w={{ base: "100%", xs: 240 }}
            />
            <Switch
              label={`Show archived (${archivedCount})`}
              checked={isShowingArchived}
              onChange={(event) => setShowingArchived(event.currentTarget.checked)}
              mb={8}
            />
          </Group>
          <DataTable
            minWidth={320}
            caption="Field definitions"
            columns={columns}
            rows={rows}
            getRowKey={(definition) => definition.id}
            isLoading={list.isLoading || isLoadingPermissions}
            error={list.error}
            onRetry={() => void list.refetch()}
            empty={
              <>
                <Text c="dimmed">
                  {definitions.length > 0 ? "No field matches these filters." : "No custom field yet."}
                </Text>
                {definitions.length === 0 ? (
                  <Button variant="light" onClick={() => setEditing({ mode: "create" })}>
                    Define the first field
                  </Button>
                ) : null}
              </>
            }
          />
        </>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === "edit" ? `Edit ${editing.definition.label ?? editing.definition.name}` : "New custom field"
        }
        size="lg"
      >
        {editing ? (
          <FieldDefinitionForm
            definition={editing.mode === "edit" ? editing.definition : undefined}
            entityTypes={entityTypes}
            defaultEntityType={entityType ?? undefined}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={archiving !== null}
        onClose={() => setArchiving(null)}
        onConfirm={archive}
        title={`Archive ${archiving?.label ?? archiving?.name ?? "the field"}?`}
        message="Values already stored keep their meaning, but no new value is accepted. Archiving cannot be undone."
        confirmLabel="Archive field"
      />
    </>
  );
}
