import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";

/** The most minor units the server takes (MAX_MINOR_UNITS in core's money module). */
const MAX_MINOR_UNITS = 1_000_000_000_000;

interface PriceValues {
  currency: string;
  customerGroupId: string;
  amount: number | string;
}

/** The server's rules for `POST /api/pricing/prices` (upsertPriceInput): checked before sending. */
export const priceRules = {
  currency: (value: string) =>
    /^[A-Z]{3}$/.test(value.trim()) ? null : "Three capital letters (ISO 4217), such as EUR",
  customerGroupId: (value: string) => (value.trim().length > 100 ? "At most 100 characters" : null),
  amount: (value: number | string) => {
    if (value === "" || typeof value !== "number" || Number.isNaN(value)) return "Enter the amount in minor units";
    if (!Number.isInteger(value)) return "A whole number of minor units (1999 for 19.99)";
    if (value < 0) return "Cannot be negative";
    return value > MAX_MINOR_UNITS ? "Too large" : null;
  },
};

/** The cache key of a product's prices (all its variants). */
export const pricesQueryKey = (productId: string) => ["pricing", "prices", { entityId: productId }] as const;

/**
 * Sets one price of a variant: one per (currency, customer group), so a second one for the same pair
 * replaces it (the server answers 200 instead of 201). Amounts are minor units, as the API takes them.
 */
export function PriceForm({ productId, variantId }: { productId: string; variantId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<PriceValues>({
    initialValues: { currency: "EUR", customerGroupId: "", amount: "" },
    validate: priceRules,
  });
  const save = useMutation({
    mutationFn: (values: PriceValues) => {
      const customerGroupId = values.customerGroupId.trim();
      return api.post("/api/pricing/prices", {
        body: {
          entityId: productId,
          variantId,
          currency: values.currency.trim(),
          customerGroupId: customerGroupId || null,
          amount: Number(values.amount),
        },
        idempotencyKey,
      });
    },
    onSuccess: async () => {
      form.setFieldValue("amount", "");
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: pricesQueryKey(productId) });
    },
    onError: (error) => applyApiErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} aria-label="Set a price" noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <TextInput
            label="Currency"
            maxLength={3}
            required
            {...form.getInputProps("currency")}
            onChange={(event) => form.setFieldValue("currency", event.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label="Customer group"
            description="Empty: everyone"
            maxLength={100}
            {...form.getInputProps("customerGroupId")}
          />
          <NumberInput
            label="Amount (minor units)"
            description="1999 is 19.99"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps("amount")}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" size="sm" loading={save.isPending}>
            Save price
          </Button>
          {save.isSuccess ? (
            <Text size="sm" c="teal.9" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
        {save.error && !Object.keys(form.errors).length ? <ErrorAlert error={save.error} /> : null}
      </Stack>
    </form>
  );
}
