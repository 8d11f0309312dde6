import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.js";

describe("attachmentDisposition", () => {
  it("keeps a plain name, and gives it again as RFC 5987 filename*", () => {
    expect(attachmentDisposition("INV-2026-000001.pdf")).toBe(
      `attachment; filename="INV-2026-000001.pdf"; filename*=UTF-8''INV-2026-000001.pdf`,
    );
  });

  it("never lets quotes, CR/LF or non-ASCII into filename, and percent-encodes them in filename*", () => {
    const header = attachmentDisposition('Rechnung "Müller"\r\nSet-Cookie: x=1;.pdf');
    expect(header).toBe(
      `attachment; filename="Rechnung _M_ller___Set-Cookie: x=1_.pdf"; filename*=UTF-8''Rechnung%20%22M%C3%BCller%22%0D%0ASet-Cookie%3A%20x%3D1%3B.pdf`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(attachmentDisposition("\u00e9\u00e9")).toBe(`attachment; filename="__"; filename*=UTF-8''%C3%A9%C3%A9`);
    expect(attachmentDisposition("")).toBe(`attachment; filename="download"; filename*=UTF-8''`);
  });
});
