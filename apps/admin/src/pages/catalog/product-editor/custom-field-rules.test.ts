import { describe, expect, it } from "vitest";
import {
  customFieldsOfCreate,
  customFieldsPatch,
  type FieldDefinition,
  fieldValueError,
} from "./custom-field-rules.js";
import { metadataError, slugError, slugify } from "./product-rules.js";

const definition = (name: string, dataType: FieldDefinition["dataType"], extra: Partial<FieldDefinition> = {}) =>
  ({
    id: name,
    entityType: "product",
    name,
    label: null,
    dataType,
    required: false,
    filterable: false,
    isRequired: false,
    isFilterable: false,
    options: null,
    archivedAt: null,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    ...extra,
  }) satisfies FieldDefinition;

const definitions = [
  definition("material", "string", { isRequired: true, required: true }),
  definition("weight", "number"),
  definition("pieces", "integer"),
  definition("vegan", "boolean"),
  definition("fit", "enum", { options: ["slim", "regular"] }),
  definition("care", "json"),
];

describe("custom-field rules (the server's, in the form)", () => {
  it("refuses what the server refuses, by data type", () => {
    const [material, weight, pieces, vegan, fit, care] = definitions as [FieldDefinition, ...FieldDefinition[]];
    expect(fieldValueError(material, "")).toBe("Required");
    expect(fieldValueError(weight as FieldDefinition, "1.5")).toBeNull();
    expect(fieldValueError(weight as FieldDefinition, "heavy")).toBe("Must be a number");
    expect(fieldValueError(pieces as FieldDefinition, "2.5")).toBe("Must be a whole number");
    expect(fieldValueError(vegan as FieldDefinition, "true")).toBeNull();
    expect(fieldValueError(fit as FieldDefinition, "baggy")).toBe("One of slim, regular");
    expect(fieldValueError(care as FieldDefinition, "{nope")).toBe("Not valid JSON");
  });

  it("patches only what changed, an emptied field as an explicit null", () => {
    const initial = { material: "cotton", weight: "1.5", vegan: "true", fit: "slim", pieces: "", care: "" };
    const current = { ...initial, weight: "", vegan: "false", pieces: "3", care: '{"wash": 30}' };
    expect(customFieldsPatch(definitions, initial, current)).toEqual({
      weight: null,
      vegan: false,
      pieces: 3,
      care: { wash: 30 },
    });
  });

  it("creates with the fields given a value only", () => {
    expect(customFieldsOfCreate(definitions, { material: "wool", weight: "" })).toEqual({ material: "wool" });
  });
});

describe("entity rules", () => {
  it("makes slugs the server accepts", () => {
    expect(slugify("  Crème Brûlée -- Size (XL)! ")).toBe("creme-brulee-size-xl");
    expect(slugError(slugify("Crème Brûlée -- Size (XL)!"))).toBeNull();
    expect(slugError("Double--dash")).not.toBeNull();
  });

  it("takes only a JSON object as metadata", () => {
    expect(metadataError("")).toBeNull();
    expect(metadataError('{"a": 1}')).toBeNull();
    expect(metadataError("[1]")).toMatch(/JSON object/);
    expect(metadataError("{")).toMatch(/Not valid JSON/);
  });
});
