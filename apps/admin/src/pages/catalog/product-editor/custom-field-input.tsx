import { Select, Textarea, TextInput } from "@mantine/core";
import type { FieldDefinition } from "./custom-field-rules.js";

/** Props of {@link CustomFieldInput}: Mantine's `form.getInputProps(...)` of a text value. */
export interface CustomFieldInputProps {
  definition: FieldDefinition;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const BOOLEAN_OPTIONS = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

// Plain textareas (no autosize): they resize by hand, and autosize needs document.fonts, which happy-dom lacks.
/** One custom field's input, by its data type; every value is held as text (see `custom-field-rules.ts`). */
export function CustomFieldInput({ definition, value, onChange, error, disabled }: CustomFieldInputProps) {
  const common = {
    label: definition.label ?? definition.name,
    description: definition.label ? definition.name : undefined,
    withAsterisk: definition.isRequired,
    error,
    disabled,
  };
  switch (definition.dataType) {
    case "boolean":
    case "enum":
      return (
        <Select
          {...common}
          data={definition.dataType === "boolean" ? BOOLEAN_OPTIONS : (definition.options ?? [])}
          value={value || null}
          onChange={(next) => onChange(next ?? "")}
          clearable={!definition.isRequired}
          placeholder="No value"
        />
      );
    case "json":
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          rows={3}
          styles={{ input: { fontFamily: "monospace" } }}
        />
      );
    case "number":
    case "integer":
      return (
        <TextInput
          {...common}
          inputMode={definition.dataType === "integer" ? "numeric" : "decimal"}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "string":
      return <TextInput {...common} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
