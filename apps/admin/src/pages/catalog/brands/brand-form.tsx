import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey, type ResponseData } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { isConflict } from "../conflict-error.js";
import { NameAndSlugInputs, nameAndSlugRules } from "../name-and-slug-inputs.js";

/** A brand as the API answers it. */
export type Brand = ResponseData<"/api/catalog/brands", "get">[number];

/** The query key of every brand list; mutations invalidate it. */
export const BRANDS_KEY = ["catalog", "brands"] as const;

/** Props of {@link BrandForm}. */
export interface BrandFormProps {
  /** The brand to edit; absent to create one. */
  brand?: Brand | undefined;
  onSaved: (brand: Brand) => void;
  onCancel: () => void;
}

/** The server's rules (`brandBody` in catalog's create-brand route). */
const validate = {
  ...nameAndSlugRules,
  description: (value: string) => (value.length > 5_000 ? "At most 5,000 characters" : null),
};

/** Creates or edits a brand: name, slug (proposed from the name until edited) and description. */
export function BrandForm({ brand, onSaved, onCancel }: BrandFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  // One key per opening of the form: a double click or a retry creates one brand, not two.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: brand?.name ?? "", slug: brand?.slug ?? "", description: brand?.description ?? "" },
    validate,
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    const body = { name: values.name.trim(), slug: values.slug, description: values.description.trim() || null };
    try {
      const { data } = brand
        ? await api.patch("/api/catalog/brands/{brandId}", { params: { brandId: brand.id }, body })
        : await api.post("/api/catalog/brands", { body, idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: BRANDS_KEY });
      onSaved(data);
    } catch (caught) {
      if (isConflict(caught)) form.setFieldError("slug", "Another brand has this slug");
      else if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NameAndSlugInputs
          form={form}
          isExisting={Boolean(brand)}
          slugDescription="Lowercase letters, digits and dashes."
        />
        <Textarea label="Description" rows={3} {...form.getInputProps("description")} />
        {error ? <ErrorAlert error={error} title="Could not save the brand" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {brand ? "Save" : "Create brand"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
