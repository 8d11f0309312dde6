import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";

/** The adjustment types of `POST /api/inventory/adjust`, and what each does to on-hand stock. */
const ADJUSTMENT_TYPES = [
  { value: "restock", label: "Restock (adds)" },
  { value: "return", label: "Return (adds)" },
  { value: "sale", label: "Sale (removes)" },
  { value: "damage", label: "Damage (removes)" },
  { value: "correction", label: "Correction (signed change)" },
] as const;

type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number]["value"];

const MAX_QUANTITY = 1_000_000_000;

interface AdjustValues {
  warehouseId: string | null;
  type: AdjustmentType;
  quantity: number | string;
  note: string;
}

/** The server's rules (adjust-stock-body.ts): a positive quantity, a signed non-zero one for a correction. */
export const adjustRules = {
  warehouseId: (value: string | null) => (value ? null : "Choose a warehouse"),
  quantity: (value: number | string, values: AdjustValues) => {
    if (value === "" || typeof value !== "number" || !Number.isInteger(value)) return "A whole number";
    if (Math.abs(value) > MAX_QUANTITY) return "Too large";
    if (values.type === "correction") return value === 0 ? "A correction changes the stock: not 0" : null;
    return value > 0 ? null : "More than 0 (the type says whether it adds or removes)";
  },
  note: (value: string) => (value.length > 500 ? "At most 500 characters" : null),
};

/** The cache key of a product's stock levels (`GET /api/inventory/check`). */
export const stockQueryKey = (productId: string) => ["inventory", "check", productId] as const;

/** Changes a variant's on-hand stock in one warehouse, with the reason kept in the stock history. */
export function StockAdjustForm(props: {
  productId: string;
  variantId: string;
  warehouses: { value: string; label: string }[];
}) {
  const { productId, variantId, warehouses } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<AdjustValues>({
    initialValues: { warehouseId: warehouses[0]?.value ?? null, type: "restock", quantity: "", note: "" },
    validate: adjustRules,
  });
  const adjust = useMutation({
    mutationFn: (values: AdjustValues) => {
      const note = values.note.trim();
      return api.post("/api/inventory/adjust", {
        body: {
          entityId: productId,
          variantId,
          warehouseId: values.warehouseId ?? "",
          type: values.type,
          quantity: Number(values.quantity),
          note: note || null,
        },
        idempotencyKey,
      });
    },
    onSuccess: async () => {
      form.setValues({ quantity: "", note: "" });
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: stockQueryKey(productId) });
    },
    onError: (error) => applyApiErrors(form, error),
  });
  if (warehouses.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No warehouse yet: create one under Inventory, Warehouses.
      </Text>
    );
  return (
    <form onSubmit={form.onSubmit((values) => adjust.mutate(values))} aria-label="Adjust stock" noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Select
            label="Warehouse"
            data={warehouses}
            allowDeselect={false}
            required
            {...form.getInputProps("warehouseId")}
          />
          <Select
            label="Type"
            data={ADJUSTMENT_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            allowDeselect={false}
            {...form.getInputProps("type")}
          />
          <NumberInput label="Quantity" allowDecimal={false} required {...form.getInputProps("quantity")} />
        </SimpleGrid>
        <TextInput
          label="Note"
          description="Why, for the stock history"
          maxLength={500}
          {...form.getInputProps("note")}
        />
        <Group>
          <Button type="submit" size="sm" loading={adjust.isPending}>
            Adjust stock
          </Button>
          {adjust.isSuccess ? (
            <Text size="sm" c="teal.9" role="status">
              On hand now {adjust.data.data.onHand}.
            </Text>
          ) : null}
        </Group>
        {adjust.error && !Object.keys(form.errors).length ? <ErrorAlert error={adjust.error} /> : null}
      </Stack>
    </form>
  );
}
