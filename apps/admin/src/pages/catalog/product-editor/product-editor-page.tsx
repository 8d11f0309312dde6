import { Anchor, Button, Center, Group, Loader, Paper, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { PageHeader } from "../../../components/page-header.js";
import { titleOf } from "../products-list/use-product-rows.js";
import { CustomFieldsForm } from "./custom-fields-form.js";
import { DeleteProductButton } from "./delete-product-button.js";
import { FieldOwnership } from "./field-ownership.js";
import { GeneralForm } from "./general-form.js";
import { LocalizedAttributes } from "./localized-attributes.js";
import { ProposalsQueue } from "./proposals-queue.js";
import { StatusActions } from "./status-actions.js";
import { StatusBadge } from "./status-badge.js";

function BackToList() {
  return (
    <Anchor component={Link} to="/catalog/products" size="sm" mb="xs" display="inline-block">
      ← Products
    </Anchor>
  );
}

/** `/catalog/products/new`: the general form; the created product then opens in the editor. */
export function NewProductPage() {
  const navigate = useNavigate();
  return (
    <>
      <BackToList />
      <PageHeader title="New product" description="A draft until you publish it." />
      <Paper withBorder p="md" radius="md">
        <GeneralForm
          onCreated={(entity) => void navigate({ to: "/catalog/products/$id", params: { id: entity.id } })}
        />
      </Paper>
    </>
  );
}

/**
 * `/catalog/products/$id`: one product's general fields and status, its texts per locale, custom fields
 * with their proposals, field ownership, and links to its variants and media.
 */
/** The editor's route: keyed by id, so another product opens with fresh forms, not the last one's state. */
export function ProductEditorRoute() {
  const { id } = useParams({ from: "/signed-in/catalog/products/$id" });
  return <ProductEditorPage key={id} id={id} />;
}

export function ProductEditorPage({ id }: { id: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const entity = useQuery({
    queryKey: ["catalog", "entities", "one", id],
    queryFn: async () =>
      (
        await api.get("/api/catalog/entities/{idOrSlug}", {
          params: { idOrSlug: id },
          query: { include: "attributes,customFields" },
        })
      ).data,
  });
  if (entity.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the product" />
      </Center>
    );
  if (entity.error || !entity.data)
    return (
      <>
        <BackToList />
        <ErrorAlert
          error={entity.error}
          title="The product could not be loaded"
          onRetry={() => void entity.refetch()}
        />
      </>
    );
  const product = entity.data;
  return (
    <>
      <BackToList />
      <PageHeader
        title={titleOf(product) ?? product.slug}
        description={
          <Group component="span" gap="xs">
            <span>{product.slug}</span>
            <StatusBadge status={product.status} />
          </Group>
        }
        actions={
          <>
            <StatusActions entity={product} />
            <DeleteProductButton entity={product} onDeleted={() => void navigate({ to: "/catalog/products" })} />
          </>
        }
      />
      <Group gap="xs" mb="md" component="nav" aria-label="Product sections">
        <Button variant="light" size="xs" component={Link} to={`/catalog/products/${product.id}/variants`}>
          Variants
        </Button>
        <Button variant="light" size="xs" component={Link} to={`/catalog/products/${product.id}/media`}>
          Media
        </Button>
      </Group>
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="texts">Texts</Tabs.Tab>
          <Tabs.Tab value="custom-fields">Custom fields</Tabs.Tab>
          <Tabs.Tab value="ownership">Field ownership</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <Paper withBorder p="md" radius="md">
            <GeneralForm key={product.updatedAt} entity={product} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="texts">
          <Paper withBorder p="md" radius="md">
            <LocalizedAttributes entity={product} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="custom-fields">
          <Paper withBorder p="md" radius="md">
            <CustomFieldsForm entity={product} />
            <ProposalsQueue entity={product} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="ownership">
          <Paper withBorder p="md" radius="md">
            <FieldOwnership entity={product} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed" mt="md">
        Created {new Date(product.createdAt).toLocaleString()} · updated {new Date(product.updatedAt).toLocaleString()}
      </Text>
    </>
  );
}
