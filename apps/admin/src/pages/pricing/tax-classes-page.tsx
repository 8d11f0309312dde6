import { Placeholder } from "../../components/placeholder.js";

export function TaxClassesPage() {
  return <Placeholder title="Tax classes" description="Tax classes products are assigned to." />;
}
