import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError, newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { applyApiErrors } from "../../components/form-errors.js";
import type { Warehouse } from "./warehouse-form.js";

/** The adjustment types of `POST /api/inventory/adjust`, and what each does to on-hand stock. */
export const ADJUSTMENT_TYPES = [
  { value: "restock", label: "Restock (adds)" },
  { value: "return", label: "Return (adds)" },
  { value: "sale", label: "Sale (removes)" },
  { value: "damage", label: "Damage (removes)" },
  { value: "correction", label: "Correction (signed change)" },
] as const;

type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number]["value"];

/** The server's bound on a quantity (it stays well inside int4). */
const MAX_QUANTITY = 1_000_000_000;

/** The level after an adjustment, as the API answers it. */
export interface AdjustedLevel {
  warehouseId: string;
  onHand: number;
  reserved: number;
  available: number;
}

/** What is adjusted: an entity, or one of its variants. */
export interface StockTarget {
  entityId: string;
  variantId: string | null;
  /** Shown at the top ("T-shirt · Red / M"). */
  label: string;
}

/** Props of {@link StockAdjustForm}. */
export interface StockAdjustFormProps {
  target: StockTarget;
  warehouses: Warehouse[];
  /** Preselected (the page's warehouse filter). */
  warehouseId?: string | null;
  onAdjusted: (level: AdjustedLevel) => void;
  onClose: () => void;
}

function quantityError(type: AdjustmentType, value: number | string): string | null {
  if (typeof value !== "number" || !Number.isInteger(value)) return "Enter a whole number";
  if (Math.abs(value) > MAX_QUANTITY) return "At most 1,000,000,000";
  if (type === "correction") return value === 0 ? "A correction must change the stock" : null;
  return value > 0 ? null : "Enter a positive quantity";
}

/**
 * Adjusts stock of one entity or variant in a warehouse, then shows the level it left. Removing more
 * than is available (or going below the reserved quantity) is refused by the server, shown on the quantity.
 */
export function StockAdjustForm({ target, warehouses, warehouseId, onAdjusted, onClose }: StockAdjustFormProps) {
  const api = useApi();
  // One key per opening: a double click adjusts once (a second adjustment needs the dialog again).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<AdjustedLevel | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm<{ warehouseId: string | null; type: AdjustmentType; quantity: number | string; note: string }>({
    initialValues: {
      warehouseId: warehouseId ?? (warehouses.length === 1 ? (warehouses[0]?.id ?? null) : null),
      type: "restock",
      quantity: "",
      note: "",
    },
    validate: {
      warehouseId: (value) => (value ? null : "Choose a warehouse"),
      quantity: (value, values) => quantityError(values.type, value),
      note: (value) => (value.length > 500 ? "At most 500 characters" : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await api.post("/api/inventory/adjust", {
        body: {
          entityId: target.entityId,
          variantId: target.variantId,
          warehouseId: values.warehouseId ?? "",
          type: values.type,
          quantity: Number(values.quantity),
          note: values.note.trim() || null,
        },
        idempotencyKey,
      });
      setResult(data);
      onAdjusted(data);
    } catch (caught) {
      // A 409 here is short stock: the quantity is what to change.
      if (isApiError(caught) && caught.status === 409) form.setFieldError("quantity", caught.message);
      else if (!applyApiErrors(form, caught)) setError(caught);
    } finally {
      setSubmitting(false);
    }
  });

  if (result) {
    const warehouse = warehouses.find((candidate) => candidate.id === result.warehouseId);
    return (
      <Stack>
        <Alert color="green" title="Stock adjusted" role="status">
          <Text size="sm">
            {target.label}
            {warehouse ? ` in ${warehouse.name}` : ""}: {result.onHand} on hand, {result.reserved} reserved,{" "}
            {result.available} available.
          </Text>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  if (warehouses.length === 0)
    return (
      <Stack>
        <Text size="sm">Stock is kept in a warehouse: create one on the Warehouses page first.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );

  const isCorrection = form.values.type === "correction";
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" fw={500}>
          {target.label}
        </Text>
        <NativeSelect
          label="Warehouse"
          required
          data={[
            { value: "", label: "Choose a warehouse", disabled: true },
            ...warehouses.map((warehouse) => ({ value: warehouse.id, label: warehouse.name })),
          ]}
          {...form.getInputProps("warehouseId")}
          value={form.values.warehouseId ?? ""}
        />
        <NativeSelect
          label="Type"
          required
          data={ADJUSTMENT_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          {...form.getInputProps("type")}
        />
        <NumberInput
          label="Quantity"
          description={isCorrection ? "Signed: -3 removes three, 5 adds five" : "How many units"}
          required
          allowDecimal={false}
          allowNegative={isCorrection}
          data-autofocus
          {...form.getInputProps("quantity")}
        />
        <Textarea label="Note" rows={2} maxLength={500} {...form.getInputProps("note")} />
        {error ? <ErrorAlert error={error} title="The stock was not adjusted" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Adjust stock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
