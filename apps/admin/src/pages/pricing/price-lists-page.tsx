import { Placeholder } from "../../components/placeholder.js";

export function PriceListsPage() {
  return <Placeholder title="Price lists" description="Prices by currency and customer group." />;
}
