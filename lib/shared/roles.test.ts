import { describe, expect, test } from "vitest";
import { can, PERMISSIONS, ROLES } from "./roles";

describe("role table (docs/PRODUCT-RULES.md §1)", () => {
  test("users only read, manage their own profile and serve themselves (with a linked employee)", () => {
    const allowed = Object.keys(PERMISSIONS).filter((p) => can("user", p as keyof typeof PERMISSIONS));
    expect(allowed.sort()).toEqual(["profile:manage", "schedule:read", "self-service"]);
  });

  test("managers plan shifts, vacations and reports but not master data or users", () => {
    expect(can("manager", "shifts:write")).toBe(true);
    expect(can("manager", "vacations:write")).toBe(true);
    expect(can("manager", "reports:read")).toBe(true);
    expect(can("manager", "master-data:write")).toBe(false);
    expect(can("manager", "users:manage")).toBe(false);
    expect(can("manager", "history:read")).toBe(true);
    expect(can("manager", "history:all")).toBe(false);
  });

  test("admins may do everything", () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can("admin", permission)).toBe(true);
    }
    expect(ROLES).toEqual(["user", "manager", "admin"]);
  });
});
