// The rules of eslint.config.mjs that keep the house's shape, proven to fire.
// Layer boundaries: each case lints a one-line file placed (virtually) in a
// layer that imports from another. The imported modules are real, so the
// import plugin resolves them as in the code.
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

const serverModule = "@/lib/server/api/route";
const cases: { layer: string; file: string; from: string; message: RegExp }[] = [
  { layer: "components/", file: "components/x/Fixture.tsx", from: serverModule, message: /Browser code/ },
  { layer: "app/(app) pages", file: "app/(app)/fixture/page.tsx", from: serverModule, message: /Browser code/ },
  { layer: "app/(auth) pages", file: "app/(auth)/fixture/page.tsx", from: serverModule, message: /Browser code/ },
  { layer: "lib/server", file: "lib/server/fixture.ts", from: "@/components/ui/Button", message: /React UI/ },
  { layer: "lib/shared", file: "lib/shared/fixture.ts", from: serverModule, message: /lib\/shared runs/ },
  { layer: "lib/shared", file: "lib/shared/fixture.ts", from: "@/lib/client/notify", message: /lib\/shared runs/ },
  { layer: "lib/shared", file: "lib/shared/fixture.ts", from: "@/components/ui/Button", message: /lib\/shared runs/ },
  { layer: "lib/client", file: "lib/client/fixture.ts", from: serverModule, message: /lib\/client/ },
];

describe("layer boundaries (eslint import/no-restricted-paths)", () => {
  test.each(cases)("$layer must not import $from", async ({ file, from, message }) => {
    const errors = await boundaryErrors(file, `import * as imported from "${from}";`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  test("a relative path or a type-only import is caught like the alias", async () => {
    const relative = await boundaryErrors("lib/shared/fixture.ts", `import * as imported from "../server/api/route";`);
    expect(relative).toHaveLength(1);
    const typeOnly = await boundaryErrors(
      "components/x/Fixture.tsx",
      `import type { RouteContext } from "${serverModule}";\n` +
        `const imported: RouteContext<"public", 1, 1, 1> | null = null;`,
    );
    expect(typeOnly).toHaveLength(1);
  });

  test("imports that follow the layers are allowed", async () => {
    expect(
      await boundaryErrors("components/x/Fixture.tsx", `import * as imported from "@/lib/client/notify";`),
    ).toEqual([]);
    expect(await boundaryErrors("lib/server/fixture.ts", `import * as imported from "@/lib/shared/dates";`)).toEqual(
      [],
    );
    expect(await boundaryErrors("app/api/fixture/route.ts", `import * as imported from "${serverModule}";`)).toEqual(
      [],
    );
  });
});

describe("line width (max-len, the formatter's 120)", () => {
  const lineOf = (width: number) => `export const text = "${"x".repeat(width - 23)}";`;

  test("a line of 121 characters is an error, one of 120 is not, comments included", async () => {
    const errorsFor = async (source: string) =>
      (await eslint.lintText(`${source}\n`, { filePath: "lib/shared/fixture.ts" }))[0].messages.filter(
        (m) => m.ruleId === "max-len",
      );
    expect(lineOf(120)).toHaveLength(120);
    expect(await errorsFor(lineOf(120))).toEqual([]);
    expect(await errorsFor(lineOf(121))).toHaveLength(1);
    expect(await errorsFor(`// ${"y".repeat(118)}`)).toHaveLength(1);
  });
});
