import { Badge, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newIdempotencyKey } from "@unified-commerce/client";
import { useMemo, useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { type OptionType, productQueryKey, type Variant } from "./product-query.js";

/** The server refuses a bigger matrix in one call (MAX_VARIANT_MATRIX in the catalog module). */
const MAX_MATRIX = 1_000;
/** Rows shown; a bigger matrix is summed up rather than drawn. */
const MAX_ROWS_SHOWN = 100;

/** One combination of the axes' values, and whether a variant has it. */
export interface MatrixRow {
  key: string;
  labels: string[];
  variant: Variant | undefined;
}

const comboKey = (valueIds: readonly string[]) => [...valueIds].sort().join(",");

/** Every combination of the axes (one value of each), each marked with its variant when it exists. */
export function variantMatrix(optionTypes: OptionType[], variants: Variant[]): MatrixRow[] {
  if (optionTypes.length === 0 || optionTypes.some((optionType) => optionType.values.length === 0)) return [];
  const byKey = new Map(variants.map((variant) => [comboKey(variant.optionValueIds), variant]));
  const combinations = optionTypes.reduce<OptionType["values"][]>(
    (rows, optionType) => rows.flatMap((row) => optionType.values.map((value) => [...row, value])),
    [[]],
  );
  return combinations.map((values) => {
    const key = comboKey(values.map((value) => value.id));
    return { key, labels: values.map((value) => value.value), variant: byKey.get(key) };
  });
}

/** The matrix of the option axes: which combinations exist, and one action creating the missing ones. */
export function VariantMatrixSection(props: { productId: string; optionTypes: OptionType[]; variants: Variant[] }) {
  const { productId, optionTypes, variants } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const size = optionTypes.reduce((product, optionType) => product * optionType.values.length, 1);
  const rows = useMemo(
    () => (size <= MAX_MATRIX ? variantMatrix(optionTypes, variants) : []),
    [optionTypes, variants, size],
  );
  const missing = rows.filter((row) => !row.variant).length;
  const generate = useMutation({
    mutationFn: () =>
      api.post("/api/catalog/entities/{id}/variants/bulk", {
        params: { id: productId },
        body: {
          axes: optionTypes.map((optionType) => ({
            name: optionType.name,
            values: optionType.values.map((value) => value.value),
          })),
        },
        idempotencyKey,
      }),
    onSuccess: async () => {
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="variant-matrix-title">
      <Title order={2} size="h4" id="variant-matrix-title" mb="sm">
        Variant matrix
      </Title>
      {optionTypes.length === 0 ? (
        <Text c="dimmed" size="sm">
          Add an option axis to see its combinations.
        </Text>
      ) : size > MAX_MATRIX ? (
        <Text c="red" size="sm">
          {size} combinations: more than the {MAX_MATRIX} one request may create. Remove values or split the axes.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {rows.length} combinations, {rows.length - missing} with a variant, {missing} missing.
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} aria-label="Combinations of the option axes">
              <Table.Thead>
                <Table.Tr>
                  {optionTypes.map((optionType) => (
                    <Table.Th key={optionType.id}>{optionType.name}</Table.Th>
                  ))}
                  <Table.Th>Variant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, MAX_ROWS_SHOWN).map((row) => (
                  <Table.Tr key={row.key}>
                    {row.labels.map((label, index) => (
                      <Table.Td key={optionTypes[index]?.id ?? index}>{label}</Table.Td>
                    ))}
                    <Table.Td>
                      {row.variant ? (
                        <Badge color="teal.9" variant="outline" tt="none">
                          Exists{row.variant.sku ? ` (${row.variant.sku})` : ""}
                        </Badge>
                      ) : (
                        <Badge color="gray.8" variant="outline" tt="none">
                          Missing
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > MAX_ROWS_SHOWN ? (
            <Text size="xs" c="dimmed">
              The first {MAX_ROWS_SHOWN} combinations are shown.
            </Text>
          ) : null}
          <Can permission="catalog:update">
            <Group>
              <Button onClick={() => generate.mutate()} loading={generate.isPending} disabled={missing === 0}>
                {missing === 0 ? "Every combination exists" : `Create ${missing} missing variants`}
              </Button>
            </Group>
          </Can>
          {generate.error ? <ErrorAlert error={generate.error} /> : null}
        </Stack>
      )}
    </Card>
  );
}
