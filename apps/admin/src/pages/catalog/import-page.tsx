import { Placeholder } from "../../components/placeholder.js";

export function ImportPage() {
  return <Placeholder title="Import" description="Import products from a CSV or NDJSON file." />;
}
