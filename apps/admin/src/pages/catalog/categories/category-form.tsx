import { Button, Group, Select, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useMemo, useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { isConflict } from "../conflict-error.js";
import { NameAndSlugInputs, nameAndSlugRules } from "../name-and-slug-inputs.js";
import { type Category, categoryTree, selfAndDescendants } from "./category-tree.js";
import { CATEGORIES_KEY } from "./use-all-categories.js";

/** Props of {@link CategoryForm}. */
export interface CategoryFormProps {
  /** The category to edit; absent to create one. */
  category?: Category | undefined;
  /** Every category, for the parent picker. */
  categories: readonly Category[];
  onSaved: (category: Category) => void;
  onCancel: () => void;
}

interface CategoryValues {
  name: string;
  slug: string;
  parentId: string | null;
  description: string;
}

/** The server's rules (`categoryBody` in catalog's create-category route), checked before asking it. */
const validate = {
  ...nameAndSlugRules,
  description: (value: string) => (value.length > 5_000 ? "At most 5,000 characters" : null),
};

/**
 * Creates or edits a category: name, slug (proposed from the name until edited), parent and description.
 * A category cannot go under itself or under one of its own subcategories.
 */
export function CategoryForm({ category, categories, onSaved, onCancel }: CategoryFormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  // One key per opening of the form: a double click or a retry creates one category, not two.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);
  const form = useForm<CategoryValues>({
    initialValues: {
      name: category?.name ?? "",
      slug: category?.slug ?? "",
      parentId: category?.parentId ?? null,
      description: category?.description ?? "",
    },
    validate,
  });

  const parentOptions = useMemo(() => {
    const excluded = category ? selfAndDescendants(categories, category.id) : new Set<string>();
    return categoryTree(categories)
      .filter((row) => !excluded.has(row.category.id))
      .map((row) => ({ value: row.category.id, label: [...row.path, row.category.name].join(" › ") }));
  }, [categories, category]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    const body = {
      name: values.name.trim(),
      slug: values.slug,
      parentId: values.parentId,
      description: values.description.trim() || null,
    };
    try {
      const { data } = category
        ? await api.patch("/api/catalog/categories/{categoryId}", { params: { categoryId: category.id }, body })
        : await api.post("/api/catalog/categories", { body, idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
      onSaved(data);
    } catch (caught) {
      if (isConflict(caught)) form.setFieldError("slug", "Another category has this slug");
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
          isExisting={Boolean(category)}
          slugDescription="Used in storefront addresses: lowercase letters, digits and dashes."
        />
        <Select
          label="Parent category"
          placeholder="None (a top-level category)"
          data={parentOptions}
          searchable
          clearable
          nothingFoundMessage="No category matches"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("parentId")}
        />
        <Textarea label="Description" rows={3} {...form.getInputProps("description")} />
        {error ? <ErrorAlert error={error} title="Could not save the category" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {category ? "Save" : "Create category"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
