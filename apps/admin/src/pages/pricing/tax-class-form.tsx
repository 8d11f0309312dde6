import { Button, Group, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError, newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { applyApiErrors } from "../../components/form-errors.js";
import { percentToBps } from "./modifier-value.js";

/** A tax class as the API answers it. */
export interface TaxClass {
  id: string;
  name: string;
  /** Basis points: 2000 = 20 %. */
  rateBps: number;
  isDefault: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The server's rule for a tax class name: a slug. */
export const TAX_CLASS_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Props of {@link TaxClassForm}. */
export interface TaxClassFormProps {
  taxClass?: TaxClass | undefined;
  onSaved: (taxClass: TaxClass) => void;
  onCancel: () => void;
}

function rateError(text: string): string | null {
  if (!text.trim()) return "Enter a rate";
  const bps = percentToBps(text);
  if (bps === null || bps < 0) return "A percentage with at most 2 decimals, such as 20 or 5.5";
  return bps > 10_000 ? "At most 100 %" : null;
}

/** Creates or edits a tax class; its rate is typed as a percentage and sent in basis points. */
export function TaxClassForm({ taxClass, onSaved, onCancel }: TaxClassFormProps) {
  const api = useApi();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: {
      name: taxClass?.name ?? "",
      rate: taxClass ? String(taxClass.rateBps / 100) : "",
      isDefault: taxClass?.isDefault ?? false,
      isActive: taxClass?.isActive ?? true,
    },
    validate: {
      name: (value) =>
        TAX_CLASS_NAME_PATTERN.test(value.trim())
          ? null
          : "A slug of up to 64 lowercase letters, digits, _ and -, starting with a letter or digit",
      rate: rateError,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    const body = {
      name: values.name.trim(),
      rateBps: percentToBps(values.rate) ?? 0,
      isDefault: values.isDefault,
      isActive: values.isActive,
    };
    try {
      const { data } = taxClass
        ? await api.patch("/api/tax/classes/{id}", { params: { id: taxClass.id }, body })
        : await api.post("/api/tax/classes", { body, idempotencyKey });
      onSaved(data);
    } catch (caught) {
      // The 409 of this route is a name another class has.
      if (isApiError(caught) && caught.status === 409) form.setFieldError("name", "Another tax class has this name");
      else if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="A slug, such as standard or reduced-food"
          required
          data-autofocus
          {...form.getInputProps("name")}
        />
        <TextInput label="Rate (%)" required inputMode="decimal" {...form.getInputProps("rate")} />
        <Switch
          label="Default class"
          description="Taxes products without a class of their own; replaces the current default"
          {...form.getInputProps("isDefault", { type: "checkbox" })}
        />
        <Switch
          label="Active"
          description="Inactive classes are skipped when tax is calculated"
          {...form.getInputProps("isActive", { type: "checkbox" })}
        />
        {error ? <ErrorAlert error={error} title="The tax class was not saved" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {taxClass ? "Save tax class" : "Create tax class"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
