import { Placeholder } from "../../components/placeholder.js";

export function MediaPage() {
  return <Placeholder title="Media" description="Images and files, with their alt text." />;
}
