import { Autocomplete, Button, Checkbox, Group, Select, Stack, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { apiFieldErrors } from "../../../components/form-errors.js";
import { isConflict } from "../conflict-error.js";
import {
  DATA_TYPES,
  type FieldDefinition,
  type FieldDefinitionValues,
  fieldDefinitionValidators,
  foldOptionErrors,
} from "./field-definition-rules.js";

/** The query key of the definition lists; mutations invalidate it. */
export const FIELD_DEFINITIONS_KEY = ["catalog", "field-definitions"] as const;

/** Props of {@link FieldDefinitionForm}. */
export interface FieldDefinitionFormProps {
  /** The definition to edit; absent to create one. */
  definition?: FieldDefinition | undefined;
  /** Entity types already in use, offered as suggestions. */
  entityTypes: readonly string[];
  /** The entity type a new definition starts with. @default "product" */
  defaultEntityType?: string | undefined;
  onSaved: (definition: FieldDefinition) => void;
  onCancel: () => void;
}

/**
 * Creates or edits a custom-field definition. Entity type, name and data type are fixed once created (the
 * server refuses to change them), so editing shows them read-only; an option list belongs to enum fields.
 */
export function FieldDefinitionForm(props: FieldDefinitionFormProps) {
  const { definition, entityTypes, defaultEntityType = "product", onSaved, onCancel } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  // One key per opening of the form: a double click or a retry creates one definition, not two.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);
  const isEditing = Boolean(definition);
  const form = useForm<FieldDefinitionValues>({
    initialValues: {
      entityType: definition?.entityType ?? defaultEntityType,
      name: definition?.name ?? "",
      label: definition?.label ?? "",
      dataType: definition?.dataType ?? "string",
      required: definition?.required ?? false,
      filterable: definition?.filterable ?? false,
      options: definition?.options ?? [],
    },
    validate: fieldDefinitionValidators,
  });
  const isEnum = form.values.dataType === "enum";

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    const shared = {
      label: values.label.trim() || null,
      required: values.required,
      filterable: values.filterable,
      options: values.dataType === "enum" ? values.options : null,
    };
    try {
      const { data } = definition
        ? await api.patch("/api/admin/entity-field-definitions/{id}", { params: { id: definition.id }, body: shared })
        : await api.post("/api/admin/entity-field-definitions", {
            body: { ...shared, entityType: values.entityType.trim(), name: values.name, dataType: values.dataType },
            idempotencyKey,
          });
      await queryClient.invalidateQueries({ queryKey: FIELD_DEFINITIONS_KEY });
      onSaved(data);
    } catch (caught) {
      const fieldErrors = foldOptionErrors(apiFieldErrors(caught));
      if (isConflict(caught))
        form.setFieldError("name", `${values.entityType.trim()} already has a field named ${values.name}`);
      else if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setError(caught);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Autocomplete
          label="Entity type"
          description="The kind of catalog entity the field belongs to."
          required
          disabled={isEditing}
          data={[...entityTypes]}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("entityType")}
        />
        <TextInput
          label="Name"
          description="The key values are stored and filtered under: letters, digits, - and _."
          required
          disabled={isEditing}
          data-autofocus={isEditing ? undefined : true}
          {...form.getInputProps("name")}
        />
        <TextInput
          label="Label"
          description="What merchants see; the name when empty."
          data-autofocus={isEditing ? true : undefined}
          {...form.getInputProps("label")}
        />
        <Select
          label="Data type"
          required
          disabled={isEditing}
          allowDeselect={false}
          data={DATA_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("dataType")}
        />
        {isEnum ? (
          <TagsInput
            label="Options"
            description="The values the field may take; press Enter after each."
            required
            clearable
            maxTags={500}
            {...form.getInputProps("options")}
          />
        ) : null}
        <Checkbox
          label="Required"
          description="Every entity of this type must have a value."
          {...form.getInputProps("required", { type: "checkbox" })}
        />
        <Checkbox
          label="Filterable"
          description="Indexed for search filters and facets."
          {...form.getInputProps("filterable", { type: "checkbox" })}
        />
        {error ? <ErrorAlert error={error} title="Could not save the field" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {isEditing ? "Save" : "Create field"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
