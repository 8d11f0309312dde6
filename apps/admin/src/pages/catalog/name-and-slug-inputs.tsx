import { TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import { slugify, validateSlug } from "./slug.js";

/** The fields every named catalog record (category, brand) shares. */
export interface NameAndSlug {
  name: string;
  slug: string;
}

/** The server's rules for a name and a slug (`categoryBody`, `brandBody`), as form validators. */
export const nameAndSlugRules = {
  name: (value: string) =>
    value.trim().length === 0 ? "Enter a name" : value.length > 200 ? "At most 200 characters" : null,
  slug: validateSlug,
};

/** Props of {@link NameAndSlugInputs}. */
export interface NameAndSlugInputsProps<V extends NameAndSlug> {
  form: UseFormReturnType<V>;
  /** Editing a record that exists: its slug (an address in use) never follows the name by itself. */
  isExisting: boolean;
  slugDescription: string;
}

/** Name and slug inputs: a new record's slug is proposed from its name until the slug is edited. */
export function NameAndSlugInputs<V extends NameAndSlug>({
  form,
  isExisting,
  slugDescription,
}: NameAndSlugInputsProps<V>) {
  const [isSlugEdited, setSlugEdited] = useState(isExisting);
  // The form's other fields are the caller's; these two are known to be strings.
  const setField = form.setFieldValue as (path: keyof NameAndSlug, value: string) => void;
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        {...form.getInputProps("name")}
        onChange={(event) => {
          setField("name", event.currentTarget.value);
          if (!isSlugEdited) setField("slug", slugify(event.currentTarget.value));
        }}
      />
      <TextInput
        label="Slug"
        description={slugDescription}
        required
        {...form.getInputProps("slug")}
        onChange={(event) => {
          setSlugEdited(true);
          setField("slug", event.currentTarget.value);
        }}
      />
    </>
  );
}
