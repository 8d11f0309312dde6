import { Placeholder } from "../../components/placeholder.js";

export function ProductsPage() {
  return (
    <Placeholder title="Products" description="Products and their variants: search, filter, publish and archive." />
  );
}
