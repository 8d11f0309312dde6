import { Placeholder } from "../../components/placeholder.js";

export function CategoriesPage() {
  return <Placeholder title="Categories" description="The category tree products are filed under." />;
}
