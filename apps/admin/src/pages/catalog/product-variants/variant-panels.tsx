import { Accordion, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { PriceForm, pricesQueryKey } from "./price-form.js";
import { type Variant, variantLabel } from "./product-query.js";
import { StockAdjustForm, stockQueryKey } from "./stock-adjust-form.js";
import { VariantSkuForm } from "./variant-sku-form.js";

type Price = ResponseData<"/api/pricing/prices", "get">[number];

/** Minor units in the currency's own format (1999 EUR as €19.99); an unknown code shows the raw units. */
export function formatMinorUnits(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat(undefined, { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * Each variant's SKU, prices (per currency and customer group) and stock (per warehouse), one panel per
 * variant. Prices and stock are read once for the whole product and grouped by variant.
 */
export function VariantPanels({ productId, variants }: { productId: string; variants: Variant[] }) {
  const api = useApi();
  const { can } = usePermissions();
  const prices = useQuery({
    queryKey: pricesQueryKey(productId),
    // Listing prices needs pricing:update (list-prices.ts); without it the panel says so.
    enabled: can("pricing:update"),
    // Every page: a product with many variants, currencies and groups has more than one page of prices.
    queryFn: async () => {
      const all: Price[] = [];
      for await (const page of api.pages("/api/pricing/prices", { query: { entityId: productId, limit: 100 } }))
        all.push(...page.data);
      return all;
    },
  });
  const stock = useQuery({
    queryKey: stockQueryKey(productId),
    enabled: can("inventory:read"),
    queryFn: async () => (await api.get("/api/inventory/check", { query: { entityIds: productId } })).data,
  });
  const warehouses = useQuery({
    queryKey: ["inventory", "warehouses", { limit: 100 }],
    enabled: can("inventory:read"),
    queryFn: async () => (await api.get("/api/inventory/warehouses", { query: { limit: 100 } })).data,
  });
  const warehouseOptions = (warehouses.data ?? []).map((warehouse) => ({
    value: warehouse.id,
    label: `${warehouse.name} (${warehouse.code})`,
  }));
  const warehouseName = new Map(warehouseOptions.map((option) => [option.value, option.label]));
  const levels = stock.data?.[0]?.levels ?? [];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="variants-title">
      <Title order={2} size="h4" id="variants-title" mb="xs">
        Variants ({variants.length})
      </Title>
      {variants.length === 0 ? (
        <Text c="dimmed" size="sm">
          No variant yet: create them from the matrix or add one above.
        </Text>
      ) : (
        <Accordion variant="separated" multiple chevronPosition="left">
          {variants.map((variant) => {
            const variantPrices = (prices.data ?? []).filter((price) => price.variantId === variant.id);
            const variantLevels = levels.filter((level) => level.variantId === variant.id);
            return (
              <Accordion.Item key={variant.id} value={variant.id}>
                <Accordion.Control>
                  <Text fw={500} span>
                    {variantLabel(variant)}
                  </Text>{" "}
                  <Text c="dimmed" size="sm" span>
                    SKU {variant.sku ?? "none"}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    <VariantSkuForm key={`${variant.id}:${variant.sku}`} productId={productId} variant={variant} />
                    <Stack gap="xs">
                      <Title order={3} size="h5">
                        Prices
                      </Title>
                      {!can("pricing:update") ? (
                        <Text size="sm" c="dimmed">
                          Your role cannot list prices (pricing:update).
                        </Text>
                      ) : prices.error ? (
                        <ErrorAlert error={prices.error} onRetry={() => void prices.refetch()} />
                      ) : variantPrices.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {prices.isLoading ? "Loading prices…" : "No price yet."}
                        </Text>
                      ) : (
                        <Table aria-label={`Prices of ${variantLabel(variant)}`} verticalSpacing={4}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Currency</Table.Th>
                              <Table.Th>Group</Table.Th>
                              <Table.Th ta="right">Amount</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {variantPrices.map((price) => (
                              <Table.Tr key={price.id}>
                                <Table.Td>{price.currency}</Table.Td>
                                <Table.Td>{price.customerGroupId ?? "Everyone"}</Table.Td>
                                <Table.Td ta="right">{formatMinorUnits(price.amount, price.currency)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      )}
                      <Can permission="pricing:create">
                        <PriceForm productId={productId} variantId={variant.id} />
                      </Can>
                    </Stack>
                    <Stack gap="xs">
                      <Title order={3} size="h5">
                        Stock
                      </Title>
                      {stock.error ? (
                        <ErrorAlert error={stock.error} onRetry={() => void stock.refetch()} />
                      ) : variantLevels.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {stock.isLoading ? "Loading stock…" : "No stock in any warehouse."}
                        </Text>
                      ) : (
                        <Table aria-label={`Stock of ${variantLabel(variant)}`} verticalSpacing={4}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Warehouse</Table.Th>
                              <Table.Th ta="right">On hand</Table.Th>
                              <Table.Th ta="right" visibleFrom="xs">
                                Reserved
                              </Table.Th>
                              <Table.Th ta="right">Available</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {variantLevels.map((level) => (
                              <Table.Tr key={level.id}>
                                <Table.Td>{warehouseName.get(level.warehouseId) ?? level.warehouseId}</Table.Td>
                                <Table.Td ta="right">{level.onHand}</Table.Td>
                                <Table.Td ta="right" visibleFrom="xs">
                                  {level.reserved}
                                </Table.Td>
                                <Table.Td ta="right">{level.available}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      )}
                      <Can permission="inventory:adjust">
                        {warehouses.isLoading ? null : (
                          <StockAdjustForm productId={productId} variantId={variant.id} warehouses={warehouseOptions} />
                        )}
                      </Can>
                    </Stack>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Card>
  );
}
