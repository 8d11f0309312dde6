import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { type OptionType, productQueryKey } from "./product-query.js";

/** Server rules (create-option-type.ts, create-option-value.ts): names 1-100, values 1-200 characters. */
const checkName = (value: string) =>
  value.trim().length === 0 ? "Name the axis" : value.trim().length > 100 ? "At most 100 characters" : null;
const checkValue = (value: string) =>
  value.trim().length === 0 ? "Enter a value" : value.trim().length > 200 ? "At most 200 characters" : null;

/** "S, M, L" to ["S", "M", "L"], duplicates dropped (the server refuses them with a 409). */
export function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
}

/** The product's option axes (Size, Colour) and their values; adds an axis or a value to one. */
export function OptionAxesSection({ productId, optionTypes }: { productId: string; optionTypes: OptionType[] }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="option-axes-title">
      <Title order={2} size="h4" id="option-axes-title" mb="sm">
        Option axes
      </Title>
      <Stack gap="sm">
        {optionTypes.length === 0 ? (
          <Text c="dimmed" size="sm">
            No axis yet: add one (Size, Colour) with its values.
          </Text>
        ) : (
          optionTypes.map((optionType) => (
            <OptionAxisRow key={optionType.id} productId={productId} optionType={optionType} />
          ))
        )}
        <Can permission="catalog:update">
          <AddAxisForm productId={productId} />
        </Can>
      </Stack>
    </Card>
  );
}

function OptionAxisRow({ productId, optionType }: { productId: string; optionType: OptionType }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm({ initialValues: { value: "" }, validate: { value: checkValue } });
  const addValue = useMutation({
    mutationFn: (value: string) =>
      api.post("/api/catalog/options/{optionTypeId}/values", {
        params: { optionTypeId: optionType.id },
        body: { value },
        idempotencyKey,
      }),
    onSuccess: async () => {
      form.reset();
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
    onError: (error) => applyApiErrors(form, error),
  });
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{optionType.name}</Text>
        {optionType.values.map((value) => (
          <Badge key={value.id} variant="light" tt="none">
            {value.value}
          </Badge>
        ))}
      </Group>
      <Can permission="catalog:update">
        <form onSubmit={form.onSubmit(({ value }) => addValue.mutate(value.trim()))}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={`New ${optionType.name} value`}
              size="xs"
              maxLength={200}
              {...form.getInputProps("value")}
            />
            <Button type="submit" size="xs" variant="default" loading={addValue.isPending}>
              Add value
            </Button>
          </Group>
        </form>
        {addValue.error && !Object.keys(form.errors).length ? <ErrorAlert error={addValue.error} /> : null}
      </Can>
    </Stack>
  );
}

function AddAxisForm({ productId }: { productId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm({
    initialValues: { name: "", values: "" },
    validate: {
      name: checkName,
      values: (text: string) => {
        const values = splitValues(text);
        if (values.length === 0) return "Enter at least one value";
        return values.find((value) => value.length > 200) ? "Each value at most 200 characters" : null;
      },
    },
  });
  const addAxis = useMutation({
    mutationFn: (values: { name: string; values: string }) =>
      api.post("/api/catalog/entities/{id}/options", {
        params: { id: productId },
        body: { name: values.name.trim(), values: splitValues(values.values) },
        idempotencyKey,
      }),
    onSuccess: async () => {
      form.reset();
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
    onError: (error) => applyApiErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit((values) => addAxis.mutate(values))} aria-label="Add an option axis">
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" grow wrap="wrap">
          <TextInput label="Axis name" placeholder="Size" maxLength={100} required {...form.getInputProps("name")} />
          <TextInput
            label="Values"
            description="Separated by commas"
            placeholder="S, M, L"
            required
            {...form.getInputProps("values")}
          />
        </Group>
        <Group>
          <Button type="submit" loading={addAxis.isPending}>
            Add axis
          </Button>
        </Group>
        {addAxis.error && !Object.keys(form.errors).length ? <ErrorAlert error={addAxis.error} /> : null}
      </Stack>
    </form>
  );
}
