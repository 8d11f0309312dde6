import { describe, expect, it } from "vitest";
import { prefersMarkdown } from "./negotiate.js";

describe("prefersMarkdown", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["text/markdown", true],
    ["text/markdown; charset=utf-8", true],
    ["TEXT/MARKDOWN", true],
    ["text/html", false],
    ["*/*", false],
    ["text/*", false],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["text/markdown, text/html;q=0.9", true],
    ["text/html;q=0.5, text/markdown;q=0.8", true],
    ["text/html, text/markdown;q=0.9", false],
    ["text/markdown;q=0", false],
    ["text/markdown;q=0.5, */*;q=0.1", true],
    ["text/markdown, text/html", true],
    ["text/html, text/markdown", true],
    ["text/markdown, text/html, */*", true],
    ["text/html;q=0.9, text/markdown;q=0.9, */*;q=0.1", true],
    ["text/*, */*", false],
    ["application/json", false],
    ["text/*;q=0.3, text/markdown;q=0.7", true],
  ])("Accept %s → markdown %s", (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});
