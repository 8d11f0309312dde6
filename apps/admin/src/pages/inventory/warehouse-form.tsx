import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError, newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { applyApiErrors } from "../../components/form-errors.js";

/** A warehouse as the API answers it. */
export interface Warehouse {
  id: string;
  name: string;
  code: string;
  createdAt: string;
}

/** The server's rule for a warehouse code (`POST /api/inventory/warehouses`). */
export const WAREHOUSE_CODE_PATTERN = /^[a-z0-9_-]{1,50}$/;

/** Props of {@link WarehouseForm}. */
export interface WarehouseFormProps {
  onSaved: (warehouse: Warehouse) => void;
  onCancel: () => void;
}

/** Creates a warehouse (the API has no edit or deactivation of warehouses). */
export function WarehouseForm({ onSaved, onCancel }: WarehouseFormProps) {
  const api = useApi();
  // One key per opening of the form: a double click or a retry creates one warehouse.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { name: "", code: "" },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (!name) return "Enter a name";
        return name.length > 200 ? "At most 200 characters" : null;
      },
      code: (value) =>
        WAREHOUSE_CODE_PATTERN.test(value.trim()) ? null : "1 to 50 lowercase letters, digits, _ and -",
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.post("/api/inventory/warehouses", {
        body: { name: values.name.trim(), code: values.code.trim() },
        idempotencyKey,
      });
      onSaved(data);
    } catch (caught) {
      // The only 409 this route answers is a code another warehouse has.
      if (isApiError(caught) && caught.status === 409) form.setFieldError("code", "Another warehouse has this code");
      else if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
        <TextInput
          label="Code"
          description="Lowercase letters, digits, _ and -; used by imports and integrations"
          required
          {...form.getInputProps("code")}
        />
        {error ? <ErrorAlert error={error} title="The warehouse was not created" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Create warehouse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
