import { Placeholder } from "../../components/placeholder.js";

export function BrandsPage() {
  return <Placeholder title="Brands" description="The brands products are sold under." />;
}
