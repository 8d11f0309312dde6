import { Button, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { CustomFieldInput } from "./custom-field-input.js";
import { customFieldsPatch, fieldValueError, type FieldDefinition, toRawValue } from "./custom-field-rules.js";
import type { Entity } from "./general-form.js";
import { useFieldDefinitions } from "./use-field-definitions.js";
import { notify } from "../notify.js";

/** The approved English values of the entity's custom fields, as the form's text. */
function rawValuesOf(entity: Entity, definitions: readonly FieldDefinition[]): Record<string, string> {
  const rows = (entity.customFields ?? []).filter((row) => row.locale === "en");
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      toRawValue(definition, rows.find((row) => row.fieldName === definition.name)?.value),
    ]),
  );
}

/** The custom fields the entity's type defines, each input by its data type, saved as a patch. */
export function CustomFieldsForm({ entity }: { entity: Entity }) {
  const { can } = usePermissions();
  const { definitions, isLoading, error, refetch } = useFieldDefinitions(entity.type, can("catalog:update"));
  if (!can("catalog:update")) return <Text c="dimmed">Custom fields need the catalog:update permission.</Text>;
  if (isLoading)
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading the field definitions" />
      </Center>
    );
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (definitions.length === 0)
    return <Text c="dimmed">The type “{entity.type}” has no custom field. Define them under Field definitions.</Text>;
  return <FieldsForm key={entity.updatedAt} entity={entity} definitions={definitions} />;
}

function FieldsForm({ entity, definitions }: { entity: Entity; definitions: readonly FieldDefinition[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [initial] = useState(() => rawValuesOf(entity, definitions));
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<{ customFields: Record<string, string> }>({
    initialValues: { customFields: initial },
    validate: (values) =>
      Object.fromEntries(
        definitions.map((definition) => [
          `customFields.${definition.name}`,
          fieldValueError(definition, values.customFields[definition.name] ?? ""),
        ]),
      ),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const patch = customFieldsPatch(definitions, initial, values.customFields);
    if (Object.keys(patch).length === 0) return;
    try {
      await api.patch("/api/catalog/entities/{id}", { params: { id: entity.id }, body: { customFields: patch } });
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
      notify("Custom fields saved.");
    } catch (error) {
      if (!applyApiErrors(form, error)) setFailure(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Custom fields">
      <Stack>
        {failure ? <ErrorAlert error={failure} title="Not saved" /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {definitions.map((definition) => (
            <CustomFieldInput
              key={definition.id}
              definition={definition}
              value={form.values.customFields[definition.name] ?? ""}
              onChange={(value) => form.setFieldValue(`customFields.${definition.name}`, value)}
              error={form.errors[`customFields.${definition.name}`]?.toString()}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Emptying a field clears it; a required field cannot be cleared.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Save custom fields
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
