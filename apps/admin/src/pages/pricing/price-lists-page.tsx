import { Button, Modal, Select, SimpleGrid, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { usePermissions } from "../../auth/use-permissions.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";
import { notifySuccess } from "../../components/notify-success.js";
import { PageHeader } from "../../components/page-header.js";
import { pageNumberCursor } from "../../components/page-number-cursor.js";
import { useCursorList } from "../../components/use-cursor-list.js";
import { CURRENCY_PATTERN, formatMoney } from "./money.js";
import { type Price, PriceForm } from "./price-form.js";
import { useCustomerGroupIds } from "./use-customer-groups.js";
import { productLabel, useProductOptions } from "./use-product-options.js";

/** Every price query starts with this key (invalidated when a price is set). */
const PRICES_KEY = ["pricing", "prices"] as const;

/** The price list itself; mounted only for members who may read price records (pricing:update). */
function PriceList({ onEdit }: { onEdit: (price: Price) => void }) {
  const api = useApi();
  const products = useProductOptions();
  const [entityId, setEntityId] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const variants = products.data?.find((option) => option.value === entityId)?.variants ?? [];
  const [currencyText, setCurrencyText] = useState("");
  const [groupText, setGroupText] = useState("");
  const [group] = useDebouncedValue(groupText.trim(), 300);
  // A currency filter counts once it is a whole code; "EU" would be a 422.
  const currency = CURRENCY_PATTERN.test(currencyText) ? currencyText : undefined;
  const filters = {
    ...(entityId ? { entityId } : {}),
    ...(entityId && variantId ? { variantId } : {}),
    ...(currency ? { currency } : {}),
    ...(group ? { customerGroupId: group } : {}),
  };
  const list = useCursorList<Price>({
    queryKey: [...PRICES_KEY, filters],
    fetchPage: pageNumberCursor((page) => api.get("/api/pricing/prices", { query: { page, limit: 20, ...filters } })),
  });
  const variantLabel = (price: Price) =>
    products.data
      ?.find((option) => option.value === price.entityId)
      ?.variants.find((variant) => variant.value === price.variantId)?.label ?? "A variant";

  const columns: DataColumn<Price>[] = [
    {
      key: "product",
      header: "Product",
      render: (price) => (
        <>
          <Text size="sm">{productLabel(products.data, price.entityId)}</Text>
          <Text size="xs" c="dimmed">
            {price.variantId ? variantLabel(price) : "Every variant"}
          </Text>
          {/* The group column is hidden on a phone, so the price stays on screen: the group goes here. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {price.customerGroupId ? `Group ${price.customerGroupId}` : "Everyone"}
          </Text>
        </>
      ),
    },
    {
      key: "group",
      header: "Customer group",
      render: (price) => price.customerGroupId ?? "Everyone",
      isHiddenOnPhone: true,
    },
    { key: "amount", header: "Price", render: (price) => formatMoney(price.amount, price.currency), isNumeric: true },
    {
      key: "updated",
      header: "Updated",
      render: (price) => new Date(price.updatedAt).toLocaleDateString(),
      isHiddenOnPhone: true,
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (price) => (
        <Can permission="pricing:create">
          <Button size="xs" variant="light" onClick={() => onEdit(price)}>
            Edit
            <VisuallyHidden>
              {" "}
              price of {productLabel(products.data, price.entityId)} in {price.currency}
            </VisuallyHidden>
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <>
      <SimpleGrid mb="md" cols={{ base: 1, sm: 2 }}>
        <Select
          label="Product"
          placeholder="Every product"
          searchable
          clearable
          data={(products.data ?? []).map(({ value, label }) => ({ value, label }))}
          value={entityId}
          onChange={(value) => {
            setEntityId(value);
            setVariantId(null);
          }}
        />
        {variants.length > 0 ? (
          <Select
            label="Variant"
            placeholder="Every variant"
            clearable
            data={variants}
            value={variantId}
            onChange={setVariantId}
          />
        ) : null}
        <SimpleGrid cols={2}>
          <TextInput
            label="Currency"
            placeholder="EUR"
            maxLength={3}
            value={currencyText}
            onChange={(event) => setCurrencyText(event.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label="Customer group"
            placeholder="Any"
            value={groupText}
            onChange={(event) => setGroupText(event.currentTarget.value)}
          />
        </SimpleGrid>
      </SimpleGrid>
      <DataTable
        caption="Prices"
        minWidth={0}
        columns={columns}
        rows={list.rows}
        getRowKey={(price) => price.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        empty={<Text c="dimmed">No price matches. Products without a price cannot be sold.</Text>}
        footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
      />
    </>
  );
}

export function PriceListsPage() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const products = useProductOptions();
  const customerGroupIds = useCustomerGroupIds();
  // undefined: closed; null: a new price; a price: editing it.
  const [editing, setEditing] = useState<Price | null | undefined>(undefined);
  const close = () => setEditing(undefined);

  return (
    <>
      <PageHeader
        title="Price lists"
        description="Prices per product, variant, currency and customer group, in the currency's money."
        actions={
          <Can permission="pricing:create">
            <Button onClick={() => setEditing(null)}>New price</Button>
          </Can>
        }
      />
      {can("pricing:update") ? (
        <PriceList onEdit={setEditing} />
      ) : (
        <Text c="dimmed">Reading price records needs the pricing:update permission; ask an owner or admin.</Text>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? "Edit price" : "New price"}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {editing !== undefined ? (
          <PriceForm
            price={editing ?? undefined}
            products={products.data ?? []}
            customerGroupIds={customerGroupIds}
            onCancel={close}
            onSaved={(price) => {
              close();
              void queryClient.invalidateQueries({ queryKey: PRICES_KEY });
              // Product pages showing `include=pricing` read their prices again.
              void queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
              notifySuccess(`Price saved: ${formatMoney(price.amount, price.currency)}`);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
