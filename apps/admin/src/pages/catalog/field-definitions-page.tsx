import { Placeholder } from "../../components/placeholder.js";

export function FieldDefinitionsPage() {
  return (
    <Placeholder
      title="Field definitions"
      description="Custom fields of products and variants, and the rules their values follow."
    />
  );
}
