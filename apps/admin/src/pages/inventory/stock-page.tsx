import { Placeholder } from "../../components/placeholder.js";

export function StockPage() {
  return <Placeholder title="Stock" description="Stock levels per warehouse, and adjustments." />;
}
