import { describe, expect, it } from "vitest";
import { classNames } from "./class-names";

describe("classNames", () => {
  it("joins the truthy parts with one space", () => {
    expect(classNames("flex items-center", false, "gap-2", null, undefined, "", "text-sm")).toBe(
      "flex items-center gap-2 text-sm",
    );
  });

  it("gives an empty string when nothing is left", () => {
    expect(classNames(false, null, undefined)).toBe("");
  });
});
