import { CamelCasePlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { camelCaseJsonKeys } from "./camel-case-json.js";

// The catalog's hot reads skip the CamelCasePlugin; their JSON values must read back exactly as through it.
class ExposedCamelCasePlugin extends CamelCasePlugin {
  map(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row);
  }
}
const throughPlugin = (value: unknown) => new ExposedCamelCasePlugin().map({ value }).value;

describe("camelCaseJsonKeys", () => {
  const samples: unknown[] = [
    { Size: "S", Color: "Black" },
    { seed: 1, nested: { deeper: [1, 2] } },
    { shipping_class: "bulky", nested_obj: { inner_key: [{ a_b: 1 }, [{ c_d: 2 }], "x_y"] }, _lead: 1, trail_: 2, "double__u": 3 },
    [{ a_b: 1 }, "c_d", [{ e_f: 1 }], null],
    ["S", "M"],
    "plain_string",
    null,
    42,
    {},
  ];

  it("answers what the kernel's CamelCasePlugin answers for JSON values", () => {
    for (const sample of samples) expect(camelCaseJsonKeys(sample)).toEqual(throughPlugin(sample));
  });

  it("returns a value with nothing to rename as it is, without copying", () => {
    const value = { Size: "S", nested: { deeper: [{ x: 1 }] } };
    expect(camelCaseJsonKeys(value)).toBe(value);
  });
});
