/**
 * Whether an `Accept` header prefers CSV to JSON: `text/csv` listed with a quality above JSON's (JSON's
 * being that of `application/json`, else of `*\/*` or `application/*`, else 0). Without a header, JSON.
 */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const qualities = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [type = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (type && Number.isFinite(quality)) qualities.set(type, Math.max(qualities.get(type) ?? 0, quality));
  }
  const csv = qualities.get("text/csv") ?? 0;
  const json = qualities.get("application/json") ?? qualities.get("application/*") ?? qualities.get("*/*") ?? 0;
  return csv > 0 && csv > json;
}
