import { Button, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { isApiError, newIdempotencyKey, type ResponseData } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { apiFieldErrors } from "../../../components/form-errors.js";
import { CustomFieldInput } from "./custom-field-input.js";
import { customFieldsOfCreate, fieldValueError } from "./custom-field-rules.js";
import {
  ATTRIBUTE_LIMITS,
  maxLengthError,
  metadataError,
  parseMetadata,
  slugError,
  slugify,
  typeError,
} from "./product-rules.js";
import { useFieldDefinitions } from "./use-field-definitions.js";
import { notify } from "../notify.js";

/** A catalog entity as the editor reads it. */
export type Entity = ResponseData<"/api/catalog/entities/{idOrSlug}", "get">;

/** Props of {@link GeneralForm}. */
export interface GeneralFormProps {
  /** The entity to edit; absent for a new one. */
  entity?: Entity | undefined;
  /** After a create, with the new entity (the page then opens it). */
  onCreated?: (entity: Entity) => void;
}

interface GeneralValues {
  type: string;
  /** English title, on create only (later titles are edited per locale). */
  title: string;
  slug: string;
  metadata: string;
  /** Custom fields on create only (a type's required fields must come with the create). */
  customFields: Record<string, string>;
}

/** The server's field names as this form names them (`attributes.en.title` is the create's title). */
function formErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(apiFieldErrors(error)))
    errors[field === "attributes.en.title" ? "title" : field] = message;
  // A duplicate slug is the unique index's 409, not a 422: it still belongs on the slug field.
  if (isApiError(error) && error.status === 409) errors.slug ??= "Another product already has this slug";
  return errors;
}

/**
 * Type, slug and metadata of an entity; on create also its English title and the type's custom fields.
 * Checks the server's rules before sending, and puts the server's field errors on their fields.
 */
export function GeneralForm({ entity, onCreated }: GeneralFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const isNew = entity === undefined;
  const canSave = can(isNew ? "catalog:create" : "catalog:update");
  // One key per opening of the form: a create sent twice (a double click, a retry) creates one product.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const [isSlugTouched, setSlugTouched] = useState(!isNew);

  const form = useForm<GeneralValues>({
    initialValues: {
      type: entity?.type ?? "product",
      title: "",
      slug: entity?.slug ?? "",
      metadata: entity ? JSON.stringify(entity.metadata, null, 2) : "{}",
      customFields: {},
    },
    validate: (values) => {
      const errors: Record<string, string | null> = {
        type: typeError(values.type),
        slug: slugError(values.slug),
        metadata: metadataError(values.metadata),
        title: maxLengthError(values.title, ATTRIBUTE_LIMITS.title),
      };
      if (isNew)
        for (const definition of definitions)
          errors[`customFields.${definition.name}`] = fieldValueError(
            definition,
            values.customFields[definition.name] ?? "",
          );
      return errors;
    },
  });
  const { definitions } = useFieldDefinitions(form.values.type, isNew && canSave);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const common = { type: values.type.trim(), slug: values.slug, metadata: parseMetadata(values.metadata) };
      if (isNew) {
        const customFields = customFieldsOfCreate(definitions, values.customFields);
        const { data } = await api.post("/api/catalog/entities", {
          body: {
            ...common,
            ...(Object.keys(customFields).length ? { customFields } : {}),
            ...(values.title.trim() ? { attributes: { en: { title: values.title.trim() } } } : {}),
          },
          idempotencyKey,
        });
        await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
        notify("Product created.");
        onCreated?.(data);
        return;
      }
      const { data } = await api.patch("/api/catalog/entities/{id}", { params: { id: entity.id }, body: common });
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
      form.resetDirty({ ...values, slug: data.slug, type: data.type });
      notify("Saved.");
    } catch (error) {
      const errors = formErrorsOf(error);
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      else setFailure(error);
    }
  });

  const setTitle = (title: string) => {
    form.setFieldValue("title", title);
    // The slug follows the title until the user writes one of their own.
    if (!isSlugTouched) form.setFieldValue("slug", slugify(title));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="General">
      <Stack>
        {failure ? <ErrorAlert error={failure} title="Not saved" /> : null}
        {isNew ? (
          <TextInput
            label="Title (en)"
            description="The English title; other languages are added once the product exists."
            {...form.getInputProps("title")}
            onChange={(event) => setTitle(event.currentTarget.value)}
            disabled={!canSave}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Type" withAsterisk {...form.getInputProps("type")} disabled={!canSave} />
          <TextInput
            label="Slug"
            withAsterisk
            description="Lowercase letters, digits and single dashes; the product's address."
            {...form.getInputProps("slug")}
            onChange={(event) => {
              setSlugTouched(true);
              form.setFieldValue("slug", event.currentTarget.value);
            }}
            disabled={!canSave}
          />
        </SimpleGrid>
        <Textarea
          label="Metadata (JSON)"
          description="A JSON object; saving replaces the whole object."
          rows={5}
          styles={{ input: { fontFamily: "monospace" } }}
          {...form.getInputProps("metadata")}
          disabled={!canSave}
        />
        {isNew && definitions.length > 0 ? (
          <>
            <Title order={2} size="h4">
              Custom fields
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {definitions.map((definition) => (
                <CustomFieldInput
                  key={definition.id}
                  definition={definition}
                  value={form.values.customFields[definition.name] ?? ""}
                  onChange={(value) => form.setFieldValue(`customFields.${definition.name}`, value)}
                  error={form.errors[`customFields.${definition.name}`]?.toString()}
                  disabled={!canSave}
                />
              ))}
            </SimpleGrid>
          </>
        ) : null}
        {canSave ? (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {isNew ? "Create product" : "Save"}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
