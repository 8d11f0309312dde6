import { Autocomplete, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { applyApiErrors } from "../../components/form-errors.js";
import { CURRENCY_PATTERN } from "./money.js";
import {
  type ModifierKind,
  modifierValueError,
  percentToBps,
  signedMoneyToMinor,
  valueToInput,
} from "./modifier-value.js";
import type { ProductOption } from "./use-product-options.js";

/** A price modifier as the API answers it. */
export interface Modifier {
  id: string;
  name: string;
  kind: ModifierKind;
  value: number;
  entityId: string | null;
  variantId: string | null;
  currency: string | null;
  customerGroupId: string | null;
  priority: number;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Props of {@link ModifierForm}. */
export interface ModifierFormProps {
  modifier?: Modifier | undefined;
  products: ProductOption[];
  customerGroupIds?: string[];
  onSaved: (modifier: Modifier) => void;
  onCancel: () => void;
}

/** An ISO moment as a `datetime-local` field shows it, in the reader's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const toIso = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** Creates or edits a price modifier, with the server's rules checked first (value bounds, currency, window). */
export function ModifierForm({ modifier, products, customerGroupIds = [], onSaved, onCancel }: ModifierFormProps) {
  const api = useApi();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: {
      name: modifier?.name ?? "",
      kind: modifier?.kind ?? ("percentage" as ModifierKind),
      value: modifier ? valueToInput(modifier.kind, modifier.value, modifier.currency) : "",
      currency: modifier?.currency ?? "",
      customerGroupId: modifier?.customerGroupId ?? "",
      entityId: modifier?.entityId ?? (null as string | null),
      variantId: modifier?.variantId ?? (null as string | null),
      priority: (modifier?.priority ?? 0) as number | string,
      isActive: modifier?.isActive ?? true,
      startsAt: toLocalInput(modifier?.startsAt ?? null),
      endsAt: toLocalInput(modifier?.endsAt ?? null),
    },
    validate: {
      name: (value) => (!value.trim() ? "Enter a name" : value.trim().length > 200 ? "At most 200 characters" : null),
      value: (value, values) => modifierValueError(values.kind, value, values.currency),
      currency: (value, values) => {
        if (!value) return values.kind === "fixed" ? "A fixed modifier needs a currency" : null;
        return CURRENCY_PATTERN.test(value) ? null : "Three capital letters, such as EUR";
      },
      customerGroupId: (value) => (value.trim().length > 100 ? "At most 100 characters" : null),
      priority: (value) =>
        typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= 1_000_000
          ? null
          : "A whole number from -1,000,000 to 1,000,000",
      endsAt: (value, values) =>
        value && values.startsAt && new Date(value) <= new Date(values.startsAt) ? "Must be after the start" : null,
    },
  });
  const product = products.find((option) => option.value === form.values.entityId);

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    const value =
      values.kind === "percentage" ? percentToBps(values.value) : signedMoneyToMinor(values.value, values.currency);
    const body = {
      name: values.name.trim(),
      kind: values.kind,
      value: value ?? 0,
      entityId: values.entityId,
      variantId: values.entityId ? values.variantId : null,
      currency: values.currency || null,
      customerGroupId: values.customerGroupId.trim() || null,
      priority: Number(values.priority),
      isActive: values.isActive,
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
    };
    try {
      const { data } = modifier
        ? await api.patch("/api/pricing/modifiers/{id}", { params: { id: modifier.id }, body })
        : await api.post("/api/pricing/modifiers", { body, idempotencyKey });
      onSaved(data);
    } catch (caught) {
      if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSubmitting(false);
    }
  });

  const isPercentage = form.values.kind === "percentage";
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Kind"
            required
            allowDeselect={false}
            data={[
              { value: "percentage", label: "Percentage" },
              { value: "fixed", label: "Fixed amount" },
            ]}
            {...form.getInputProps("kind")}
          />
          <TextInput
            label={isPercentage ? "Change (%)" : "Change (amount)"}
            description={isPercentage ? "-10 takes 10 % off" : "-2.50 takes 2.50 off"}
            required
            inputMode="decimal"
            {...form.getInputProps("value")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Currency"
            description={isPercentage ? "Empty: every currency" : "Required for a fixed amount"}
            required={!isPercentage}
            maxLength={3}
            {...form.getInputProps("currency")}
            onChange={(event) => form.setFieldValue("currency", event.currentTarget.value.toUpperCase())}
          />
          <Autocomplete
            label="Customer group"
            description="Empty: every customer"
            data={customerGroupIds}
            {...form.getInputProps("customerGroupId")}
          />
        </SimpleGrid>
        <Select
          label="Product"
          placeholder="Every product"
          searchable
          clearable
          data={products.map(({ value, label }) => ({ value, label }))}
          {...form.getInputProps("entityId")}
          onChange={(value) => {
            form.setFieldValue("entityId", value);
            form.setFieldValue("variantId", null);
          }}
        />
        {product && product.variants.length > 0 ? (
          <Select
            label="Variant"
            placeholder="Every variant"
            clearable
            data={product.variants}
            {...form.getInputProps("variantId")}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Starts" type="datetime-local" {...form.getInputProps("startsAt")} />
          <TextInput label="Ends" type="datetime-local" {...form.getInputProps("endsAt")} />
        </SimpleGrid>
        <Group align="flex-end" justify="space-between">
          <NumberInput
            label="Priority"
            description="Lower applies first"
            allowDecimal={false}
            w={160}
            {...form.getInputProps("priority")}
          />
          <Switch label="Active" {...form.getInputProps("isActive", { type: "checkbox" })} />
        </Group>
        {error ? <ErrorAlert error={error} title="The modifier was not saved" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {modifier ? "Save modifier" : "Create modifier"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
