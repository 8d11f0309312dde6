import { Autocomplete, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { type OptionType, productQueryKey } from "./product-query.js";

interface QuickValues {
  /** Axis name to value; an axis left empty is not part of the variant. */
  options: Record<string, string>;
  /** A new axis, for a product without any yet. */
  newAxis: string;
  newValue: string;
  sku: string;
}

/**
 * One variant in one call (`POST .../variants/quick`): the server creates the values (and axes) it does
 * not know yet, and answers the existing variant when the combination exists.
 */
export function QuickVariantForm({ productId, optionTypes }: { productId: string; optionTypes: OptionType[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<QuickValues>({
    initialValues: { options: {}, newAxis: "", newValue: "", sku: "" },
    validate: {
      sku: (sku) => (sku.trim().length > 200 ? "At most 200 characters" : null),
      newValue: (value, values) => (values.newAxis.trim() && !value.trim() ? "Enter the value of the new axis" : null),
      newAxis: (name, values) => {
        if (name.trim().length > 100) return "At most 100 characters";
        return Object.keys(chosenOptions(values)).length === 0 ? "Choose at least one value" : null;
      },
    },
  });
  const quickAdd = useMutation({
    mutationFn: (values: QuickValues) => {
      const sku = values.sku.trim();
      return api.post("/api/catalog/entities/{id}/variants/quick", {
        params: { id: productId },
        body: { options: chosenOptions(values), ...(sku ? { sku } : {}) },
        idempotencyKey,
      });
    },
    onSuccess: async () => {
      form.reset();
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
    onError: (error) => applyApiErrors(form, error),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="quick-variant-title">
      <Title order={2} size="h4" id="quick-variant-title" mb="xs">
        Quick add
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One variant with its SKU; values not on the product yet are added to their axis.
      </Text>
      <form onSubmit={form.onSubmit((values) => quickAdd.mutate(values))} aria-label="Quick add a variant">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            {optionTypes.map((optionType) => (
              <Autocomplete
                key={optionType.id}
                label={optionType.name}
                data={[...new Set(optionType.values.map((value) => value.value))]}
                maxLength={200}
                {...form.getInputProps(`options.${optionType.name}`)}
                value={form.values.options[optionType.name] ?? ""}
              />
            ))}
            {optionTypes.length === 0 ? (
              <>
                <TextInput label="Axis" placeholder="Size" maxLength={100} {...form.getInputProps("newAxis")} />
                <TextInput label="Value" placeholder="XL" maxLength={200} {...form.getInputProps("newValue")} />
              </>
            ) : null}
            <TextInput label="SKU" maxLength={200} {...form.getInputProps("sku")} />
          </SimpleGrid>
          {optionTypes.length > 0 && form.errors.newAxis ? (
            <Text size="sm" c="red" role="alert">
              {form.errors.newAxis}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" variant="default" loading={quickAdd.isPending}>
              Add variant
            </Button>
          </Group>
          {quickAdd.error && !Object.keys(form.errors).length ? <ErrorAlert error={quickAdd.error} /> : null}
        </Stack>
      </form>
    </Card>
  );
}

function chosenOptions(values: QuickValues): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(values.options)) if (value.trim()) options[name] = value.trim();
  if (values.newAxis.trim() && values.newValue.trim()) options[values.newAxis.trim()] = values.newValue.trim();
  return options;
}
