import { Button, Center, Group, Loader, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";
import type { Entity } from "./general-form.js";
import { ATTRIBUTE_LIMITS, localeError, maxLengthError } from "./product-rules.js";
import { notify } from "../notify.js";

type AttributeName = keyof typeof ATTRIBUTE_LIMITS;

type AttributeValues = Record<AttributeName, string>;

const EMPTY: AttributeValues = { title: "", description: "", seoTitle: "", seoDescription: "" };

/** Title, description and SEO texts of an entity, one locale at a time; a locale can be added. */
export function LocalizedAttributes({ entity }: { entity: Entity }) {
  const [added, setAdded] = useState<string[]>([]);
  const locales = [...new Set(["en", ...Object.keys(entity.attributes ?? {}), ...added])];
  const [locale, setLocale] = useState("en");
  const [newLocale, setNewLocale] = useState("");
  const [newLocaleError, setNewLocaleError] = useState<string | null>(null);

  const addLocale = () => {
    const candidate = newLocale.trim();
    const problem = localeError(candidate);
    if (problem) return setNewLocaleError(problem);
    setAdded((current) => [...current, candidate]);
    setLocale(candidate);
    setNewLocale("");
    setNewLocaleError(null);
  };

  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Locale"
          data={locales}
          value={locale}
          onChange={(value) => value && setLocale(value)}
          allowDeselect={false}
          w={160}
        />
        <TextInput
          label="Add a locale"
          placeholder="de or de-CH"
          value={newLocale}
          onChange={(event) => setNewLocale(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              addLocale();
            }
          }}
          error={newLocaleError}
          w={160}
        />
        <Button variant="default" onClick={addLocale}>
          Add
        </Button>
      </Group>
      <LocaleForm key={locale} entityId={entity.id} locale={locale} />
    </Stack>
  );
}

/** The four texts of one locale: read with GET, saved whole with PUT (a locale with none yet is empty). */
function LocaleForm({ entityId, locale }: { entityId: string; locale: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const canSave = can("catalog:update");
  const [failure, setFailure] = useState<unknown>(null);
  const queryKey = ["catalog", "entities", "one", entityId, "attributes", locale];
  const current = useQuery({
    queryKey,
    queryFn: async () => {
      try {
        const { data } = await api.get("/api/catalog/entities/{id}/attributes/{locale}", {
          params: { id: entityId, locale },
        });
        return data;
      } catch (error) {
        // A locale without texts yet answers 404: it starts empty.
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
  const form = useForm<AttributeValues>({
    initialValues: EMPTY,
    validate: Object.fromEntries(
      Object.entries(ATTRIBUTE_LIMITS).map(([name, max]) => [name, (value: string) => maxLengthError(value, max)]),
    ),
  });
  const [loadedFor, setLoadedFor] = useState<unknown>(undefined);
  if (current.isSuccess && loadedFor !== current.data) {
    // The form takes the server's texts once per answer, not on every render.
    setLoadedFor(current.data);
    const values = {
      title: current.data?.title ?? "",
      description: current.data?.description ?? "",
      seoTitle: current.data?.seoTitle ?? "",
      seoDescription: current.data?.seoDescription ?? "",
    };
    form.setValues(values);
    form.resetDirty(values);
  }

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const orNull = (text: string) => (text.trim() ? text : null);
    try {
      const { data } = await api.put("/api/catalog/entities/{id}/attributes/{locale}", {
        params: { id: entityId, locale },
        body: {
          title: orNull(values.title),
          description: orNull(values.description),
          seoTitle: orNull(values.seoTitle),
          seoDescription: orNull(values.seoDescription),
        },
      });
      queryClient.setQueryData(queryKey, data);
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
      notify(`Texts of ${locale} saved.`);
    } catch (error) {
      if (!applyApiErrors(form, error)) setFailure(error);
    }
  });

  if (current.isLoading)
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={`Loading the texts of ${locale}`} />
      </Center>
    );
  if (current.error) return <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />;
  return (
    <form onSubmit={submit} noValidate aria-label={`Texts in ${locale}`}>
      <Stack>
        {failure ? <ErrorAlert error={failure} title="Not saved" /> : null}
        <TextInput label={`Title (${locale})`} {...form.getInputProps("title")} disabled={!canSave} />
        <Textarea
          label={`Description (${locale})`}
          rows={6}
          {...form.getInputProps("description")}
          disabled={!canSave}
        />
        <TextInput label={`SEO title (${locale})`} {...form.getInputProps("seoTitle")} disabled={!canSave} />
        <Textarea
          label={`SEO description (${locale})`}
          rows={3}
          {...form.getInputProps("seoDescription")}
          disabled={!canSave}
        />
        {canSave ? (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Save {locale}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
