import { Placeholder } from "../../components/placeholder.js";

export function ModifiersPage() {
  return <Placeholder title="Price modifiers" description="Surcharges and discounts applied to prices." />;
}
