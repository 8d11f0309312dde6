import { Autocomplete, Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { applyApiErrors } from "../../components/form-errors.js";
import { amountError, CURRENCY_PATTERN, minorToInput, parseMoney } from "./money.js";
import type { ProductOption } from "./use-product-options.js";

/** A price record as `GET /api/pricing/prices` answers it. */
export interface Price {
  id: string;
  entityId: string;
  variantId: string | null;
  currency: string;
  customerGroupId: string | null;
  /** Minor units. */
  amount: number;
  createdAt: string;
  updatedAt: string;
}

/** Props of {@link PriceForm}. */
export interface PriceFormProps {
  /** The price to change; absent: a new one. */
  price?: Price | undefined;
  products: ProductOption[];
  /** Suggested in the customer group field. */
  customerGroupIds?: string[];
  onSaved: (price: Price) => void;
  onCancel: () => void;
}

/**
 * Sets a price: one per (product, variant, currency, customer group), so editing changes only the amount
 * (another key is another price). The amount is typed in the currency's major units and sent in minor units.
 */
export function PriceForm({ price, products, customerGroupIds = [], onSaved, onCancel }: PriceFormProps) {
  const api = useApi();
  const isEditing = price !== undefined;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: {
      entityId: price?.entityId ?? (null as string | null),
      variantId: price?.variantId ?? (null as string | null),
      currency: price?.currency ?? "EUR",
      customerGroupId: price?.customerGroupId ?? "",
      amount: price ? minorToInput(price.amount, price.currency) : "",
    },
    validate: {
      entityId: (value) => (value ? null : "Choose a product"),
      currency: (value) => (CURRENCY_PATTERN.test(value.trim()) ? null : "Three capital letters, such as EUR"),
      customerGroupId: (value) => (value.trim().length > 100 ? "At most 100 characters" : null),
      amount: (value, values) => amountError(value, values.currency.trim()),
    },
  });
  const product = products.find((option) => option.value === form.values.entityId);

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    const currency = values.currency.trim();
    try {
      const { data } = await api.post("/api/pricing/prices", {
        body: {
          entityId: values.entityId ?? "",
          variantId: values.variantId,
          currency,
          customerGroupId: values.customerGroupId.trim() || null,
          amount: parseMoney(values.amount, currency) ?? 0,
        },
        idempotencyKey,
      });
      onSaved(data);
    } catch (caught) {
      if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Product"
          required
          searchable
          disabled={isEditing}
          data={products.map(({ value, label }) => ({ value, label }))}
          nothingFoundMessage="No product by that name"
          {...form.getInputProps("entityId")}
          onChange={(value) => {
            form.setFieldValue("entityId", value);
            form.setFieldValue("variantId", null);
          }}
        />
        <Select
          label="Variant"
          placeholder="Every variant (the product's price)"
          clearable
          disabled={isEditing || !product || product.variants.length === 0}
          data={product?.variants ?? []}
          {...form.getInputProps("variantId")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Currency"
            required
            maxLength={3}
            disabled={isEditing}
            {...form.getInputProps("currency")}
            onChange={(event) => form.setFieldValue("currency", event.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label="Amount"
            required
            inputMode="decimal"
            data-autofocus={isEditing || undefined}
            {...form.getInputProps("amount")}
          />
        </SimpleGrid>
        <Autocomplete
          label="Customer group"
          description="Empty: the base price, for everyone"
          disabled={isEditing}
          data={customerGroupIds}
          {...form.getInputProps("customerGroupId")}
        />
        {error ? <ErrorAlert error={error} title="The price was not saved" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isEditing ? "Save price" : "Create price"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
