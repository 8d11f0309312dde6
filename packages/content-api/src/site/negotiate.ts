interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/**
 * Whether a request's `Accept` header prefers markdown over HTML (RFC 9110 §12.5.1): each of the two is
 * weighed by its most specific matching range and `q=0` refuses it. A tie goes to markdown only when the
 * client names `text/markdown` itself: agents send `text/markdown, text/html, *\/*` and mean markdown
 * (the spec serves markdown "when the request carries Accept: text/markdown"), while browsers
 * (`text/html,*\/*;q=0.8`), `*\/*`, `text/*` and a missing header, which never name it, all get HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const markdown = quality(ranges, "text", "markdown");
  const html = quality(ranges, "text", "html");
  if (markdown <= 0) return false;
  return markdown > html || (markdown === html && namesMarkdown(ranges));
}

function namesMarkdown(ranges: readonly MediaRange[]): boolean {
  return ranges.some((range) => range.type === "text" && range.subtype === "markdown" && range.q > 0);
}

function parseAccept(header: string): MediaRange[] {
  return header.split(",").flatMap((part) => {
    const [range = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const [type, subtype] = range.split("/");
    if (!type || !subtype) return [];
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((s) => s.trim());
      if (name === "q" && value !== undefined) {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    return [{ type, subtype, q }];
  });
}

function quality(ranges: readonly MediaRange[], type: string, subtype: string): number {
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === "*"
          ? 1
          : range.type === "*" && range.subtype === "*"
            ? 0
            : -1;
    if (specificity > best.specificity || (specificity === best.specificity && specificity >= 0 && range.q > best.q)) {
      best = { specificity, q: range.q };
    }
  }
  return best.specificity === -1 ? 0 : best.q;
}
