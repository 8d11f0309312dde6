import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { type DataColumn, DataTable } from "../../../components/data-table.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import type { Entity } from "./general-form.js";
import { notify } from "../notify.js";

type Ownership = ResponseData<"/api/catalog/entities/{id}/field-ownership", "get">[number];

type Owner = Ownership["owner"];

const OWNERS: { value: Owner; label: string }[] = [
  { value: "platform", label: "Platform (edited here)" },
  { value: "store", label: "Store (fed by the store)" },
  { value: "shared", label: "Shared" },
];

interface OwnershipValues {
  fieldPath: string;
  owner: Owner;
  storeId: string;
}

/**
 * Who owns each field of the entity when a connected store also feeds it: the platform (edits here
 * win), the store (its feed wins) or both. One row per field, store and variant.
 */
export function FieldOwnership({ entity }: { entity: Entity }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const canSave = can("catalog:update");
  const [failure, setFailure] = useState<unknown>(null);
  const queryKey = ["catalog", "entities", "one", entity.id, "field-ownership"];
  const rows = useQuery({
    queryKey,
    queryFn: async () =>
      (await api.get("/api/catalog/entities/{id}/field-ownership", { params: { id: entity.id } })).data,
  });
  const form = useForm<OwnershipValues>({
    initialValues: { fieldPath: "", owner: "platform", storeId: "" },
    validate: {
      fieldPath: (value) =>
        !value.trim()
          ? "Name a field, such as title or customFields.color"
          : value.length > 300
            ? "At most 300 characters"
            : null,
      storeId: (value) => (value.length > 200 ? "At most 200 characters" : null),
    },
  });

  const put = async (values: OwnershipValues) => {
    await api.put("/api/catalog/entities/{id}/field-ownership", {
      params: { id: entity.id },
      body: { fieldPath: values.fieldPath.trim(), owner: values.owner, storeId: values.storeId.trim() || null },
    });
    await queryClient.invalidateQueries({ queryKey });
    notify(`${values.fieldPath.trim()} is owned by ${values.owner}.`);
  };
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await put(values);
      form.reset();
    } catch (error) {
      if (!applyApiErrors(form, error)) setFailure(error);
    }
  });

  const columns: DataColumn<Ownership>[] = [
    { key: "field", header: "Field", render: (row) => row.fieldPath },
    {
      key: "owner",
      header: "Owner",
      render: (row) => (
        <Select
          aria-label={`Owner of ${row.fieldPath}`}
          data={OWNERS}
          value={row.owner}
          allowDeselect={false}
          disabled={!canSave || row.variantId !== null}
          onChange={(owner) =>
            owner &&
            put({ fieldPath: row.fieldPath, owner: owner as Owner, storeId: row.storeId ?? "" }).catch(
              (error: unknown) => setFailure(error),
            )
          }
          size="xs"
          w={210}
        />
      ),
    },
    { key: "store", header: "Store", render: (row) => row.storeId ?? "every store", isHiddenOnPhone: true },
    { key: "variant", header: "Variant", render: (row) => row.variantId ?? "—", isHiddenOnPhone: true },
  ];

  return (
    <Stack>
      {failure ? <ErrorAlert error={failure} title="Not saved" /> : null}
      <DataTable
        caption="Field ownership"
        columns={columns}
        rows={rows.data ?? []}
        getRowKey={(row) => row.id}
        isLoading={rows.isLoading}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        empty={<Text c="dimmed">Every field is the platform's (no ownership row).</Text>}
      />
      {canSave ? (
        <form onSubmit={submit} noValidate aria-label="Set the owner of a field">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Field" placeholder="title" {...form.getInputProps("fieldPath")} w={200} />
            <Select label="Owner" data={OWNERS} allowDeselect={false} {...form.getInputProps("owner")} w={220} />
            <TextInput label="Store id (optional)" {...form.getInputProps("storeId")} w={180} />
            <Button type="submit" mt={25} loading={form.submitting}>
              Set owner
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
