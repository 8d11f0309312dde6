import { describe, expect, it } from "vitest";
import { withDefaults } from "./ask-options.js";
import { packageNameOf, parseCreateStoreArgs, parseDatabase, UsageError } from "./create-store-options.js";

describe("create-store's command line", () => {
  it("reads the directory and every option", () => {
    const given = parseCreateStoreArgs([
      "shop",
      "--template",
      "pos",
      "--database",
      "postgres://u:p@db.example:5432/shop",
      "--no-install",
      "--yes",
    ]);
    expect(given).toEqual({
      directory: "shop",
      template: "pos",
      database: { kind: "postgres", url: "postgres://u:p@db.example:5432/shop" },
      install: false,
      yes: true,
      help: false,
    });
  });

  it("takes the short forms and --database embedded", () => {
    expect(parseCreateStoreArgs(["-t", "minimal", "-d", "embedded", "-y"])).toEqual({
      template: "minimal",
      database: { kind: "embedded" },
      yes: true,
      help: false,
    });
    expect(parseCreateStoreArgs(["--template=marketplace"]).template).toBe("marketplace");
  });

  it("leaves out what was not said, so it is asked (or defaulted under --yes)", () => {
    expect(parseCreateStoreArgs([])).toEqual({ yes: false, help: false });
    expect(parseCreateStoreArgs(["--install"]).install).toBe(true);
  });

  it("defaults, under --yes, to my-store, minimal, the embedded database and installing", () => {
    expect(withDefaults(parseCreateStoreArgs(["--yes"]))).toEqual({
      directory: "my-store",
      template: "minimal",
      database: { kind: "embedded" },
      install: true,
    });
    expect(withDefaults(parseCreateStoreArgs(["shop", "--no-install", "--yes"]))).toMatchObject({
      directory: "shop",
      install: false,
    });
  });

  it("refuses unknown options, a missing value and two directories as usage errors", () => {
    expect(() => parseCreateStoreArgs(["--colour"])).toThrow(UsageError);
    expect(() => parseCreateStoreArgs(["--template"])).toThrow(UsageError);
    expect(() => parseCreateStoreArgs(["one", "two"])).toThrow(/One directory, please; got one, two/);
  });

  it("accepts embedded or a postgres:// URL as the database, nothing else", () => {
    expect(parseDatabase("postgresql://127.0.0.1/shop")).toEqual({
      kind: "postgres",
      url: "postgresql://127.0.0.1/shop",
    });
    expect(() => parseDatabase("mysql://127.0.0.1/shop")).toThrow(/a mysql: URL/);
    expect(() => parseDatabase("sqlite")).toThrow(/must be "embedded" or a postgres:\/\/ URL, got "sqlite"/);
    expect(() => parseDatabase("postgres://")).toThrow(/no host/);
  });

  it("makes an npm package name of the directory's name", () => {
    expect(packageNameOf("My Store!")).toBe("my-store");
    expect(packageNameOf("_shop.")).toBe("shop.");
    expect(packageNameOf("!!!")).toBe("my-store");
  });
});
