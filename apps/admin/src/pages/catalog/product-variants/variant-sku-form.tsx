import { Button, Code, Group, Input, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import { isConflict } from "../conflict-error.js";
import { notify } from "../notify.js";
import { productQueryKey, type Variant, variantLabel } from "./product-query.js";

/** The longest SKU the server takes (`updateVariantInput` in core's catalog schemas). */
const MAX_SKU_LENGTH = 200;

/**
 * The server's rule for a variant's SKU (1 to 200 characters, or none). The field is trimmed before
 * sending, and an empty field clears the SKU (null), so only the length is left to check.
 */
export function skuRule(value: string): string | null {
  return value.trim().length > MAX_SKU_LENGTH ? `At most ${MAX_SKU_LENGTH} characters` : null;
}

/**
 * One variant's SKU, edited in place (`PATCH .../variants/{variantId}`). SKUs are unique in the
 * organization: the server's 409 shows on the field. Without catalog:update the SKU is only shown.
 * The parent keys this form by the saved SKU, so a refetch starts it again from the stored value.
 */
export function VariantSkuForm({ productId, variant }: { productId: string; variant: Variant }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const form = useForm({ initialValues: { sku: variant.sku ?? "" }, validate: { sku: skuRule } });
  const save = useMutation({
    mutationFn: (sku: string) =>
      api.patch("/api/catalog/entities/{id}/variants/{variantId}", {
        params: { id: productId, variantId: variant.id },
        body: { sku: sku.trim() || null },
      }),
    onSuccess: async ({ data }) => {
      notify(data.sku ? `SKU of ${variantLabel(variant)} saved.` : `SKU of ${variantLabel(variant)} cleared.`);
      await queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
    },
    onError: (error) => {
      if (applyApiErrors(form, error)) return;
      // A 409 from before the server named the field (or from a proxy) still belongs on it.
      if (isConflict(error)) form.setFieldError("sku", "Another variant already uses this SKU");
    },
  });
  if (!can("catalog:update")) return <Text size="sm">SKU: {variant.sku ? <Code>{variant.sku}</Code> : "none"}</Text>;
  const inputId = `sku-${variant.id}`;
  const isUnchanged = form.values.sku.trim() === (variant.sku ?? "");
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values.sku))}
      aria-label={`SKU of ${variantLabel(variant)}`}
      noValidate
    >
      {/* The button sits inside the wrapper, beside the input, so it stays level with it when a message shows. */}
      <Input.Wrapper
        id={inputId}
        label="SKU"
        description="Unique in the store; empty clears it."
        error={form.errors.sku}
        inputWrapperOrder={["label", "input", "error", "description"]}
      >
        <Group gap="xs" wrap="nowrap">
          <Input
            id={inputId}
            placeholder="None"
            maxLength={MAX_SKU_LENGTH}
            style={{ flex: 1, minWidth: 0 }}
            value={form.values.sku}
            onChange={(event) => form.setFieldValue("sku", event.currentTarget.value)}
            error={Boolean(form.errors.sku)}
          />
          <Button type="submit" size="sm" loading={save.isPending} disabled={isUnchanged}>
            Save SKU
          </Button>
        </Group>
      </Input.Wrapper>
      {save.error && !Object.keys(form.errors).length ? <ErrorAlert error={save.error} /> : null}
    </form>
  );
}
