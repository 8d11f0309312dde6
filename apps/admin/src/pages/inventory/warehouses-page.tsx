import { Placeholder } from "../../components/placeholder.js";

export function WarehousesPage() {
  return <Placeholder title="Warehouses" description="Where stock is kept." />;
}
