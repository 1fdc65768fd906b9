// docs/ARCHITECTURE.md cannot drift from the code: every path it names exists, every permission it names is in the
// role table and the role table's are all in §5, every folder of lib/server/ is in §1 (and the domain folders in
// §12.1), and code comments name only files that exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { PERMISSIONS } from "@/lib/shared/roles";

const ROOT = join(__dirname, "..");
const DOC = readFileSync(join(ROOT, "docs/ARCHITECTURE.md"), "utf8");

/** Build output, dependencies and data directories: not the repository's own files. */
const SKIPPED = /^(node_modules|\.git|\.next|\.data.*|test-results|playwright-report|coverage)$/;

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.test(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [`${path}/`, ...walk(path)] : [path];
  });
}

const FILES = walk("");

/** Text of one numbered section ("## 5. …" up to the next "## "). */
function section(number: number): string {
  const start = DOC.indexOf(`\n## ${number}. `);
  expect(start, `§${number}`).toBeGreaterThan(-1);
  const end = DOC.indexOf("\n## ", start + 1);
  return DOC.slice(start, end === -1 ? undefined : end);
}

const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map(([, inner]) => inner);

const FILE_NAME = /\.(ts|tsx|mts|mjs|js|md|json|prisma|sql|sh|yml|yaml|toml|css|html)$/;

/** A backticked text that names a file or folder: no spaces, not a URL path, with a slash or a file extension. */
function isPath(text: string): boolean {
  if (/\s|:\/\/|^\/|^\.\.?$|^[@#]|=|,|^\./.test(text) && !/^\.[\w.-]+$/.test(text)) return false;
  return text.includes("/") || FILE_NAME.test(text) || /^\.[\w.-]+$/.test(text);
}

/** Names that only illustrate a pattern ("`foo.ts` + `foo.test.ts`", "`path/to/file.test.ts`"). */
const EXAMPLES = /^(foo\.|x\.|path\/to\/)|\/x\.spec\.ts$/;

/**
 * Backticked texts with a slash or an extension that are no repository path: code (`api.get("/employees")`), an
 * ESLint rule, and what the build writes (`.next`, its manifests, `.rsc`), which §7.5 describes.
 */
const NOT_PATHS = /^(api\.|import\/)|[()"]|^\.next|-manifest\.json$|^\.rsc$/;

/**
 * Whether some file or folder ends with the path: `pdf/fonts.ts` in §9 is `lib/server/reports/pdf/fonts.ts`.
 * Placeholders match any name: `<resource>` one segment, `**` and `…` any depth, `*` part of a name.
 */
function exists(path: string): boolean {
  const pattern = path
    .replace(/\/$/, "")
    .split(/(<[^>]+>|\*\*\/?|\*|…)/)
    .map((part) => {
      if (/^<[^>]+>$/.test(part)) return "[^/]+";
      if (/^\*\*\/?$/.test(part) || part === "…") return ".*";
      if (part === "*") return "[^/]*";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  const regex = new RegExp(`(^|/)${pattern}/?$`);
  return FILES.some((file) => regex.test(file));
}

describe("docs/ARCHITECTURE.md", () => {
  test("every file and folder it names exists", () => {
    const named = new Set(
      backticked(DOC).filter((text) => isPath(text) && !EXAMPLES.test(text) && !NOT_PATHS.test(text)),
    );
    const links = [...DOC.matchAll(/\]\(([^)#\s]+)[)#]/g)].map(([, target]) => target.replace(/^\.\.\//, ""));
    for (const link of links) if (!/^https?:/.test(link)) named.add(link);
    // The check reads the paths at all: these are certainly named.
    for (const path of ["lib/shared/roles.ts", "lib/server/db/client.ts", "components/ui/"])
      expect(named).toContain(path);
    expect([...named].filter((path) => !exists(path))).toEqual([]);
  });

  test("§5 names every permission of lib/shared/roles.ts, and the document no other", () => {
    const permissions = Object.keys(PERMISSIONS).sort();
    const inSection5 = backticked(section(5)).filter((text) => text in PERMISSIONS);
    expect([...new Set(inSection5)].sort()).toEqual(permissions);
    const permissionLike = backticked(DOC).filter((text) => /^[a-z-]+:[a-z-]+$/.test(text));
    expect(permissionLike.filter((text) => !(text in PERMISSIONS))).toEqual([]);
  });

  test("§1 names every folder of lib/server/, §12.1 every domain folder", () => {
    const folders = readdirSync(join(ROOT, "lib/server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    const layers = section(1)
      .split("\n")
      .find((line) => line.startsWith("| `lib/server/`"));
    expect(layers).toBeDefined();
    const inSection1 = new Set(backticked(layers!));
    expect(folders.filter((folder) => !inSection1.has(folder))).toEqual([]);

    const naming = DOC.slice(DOC.indexOf("### 12.1"), DOC.indexOf("## 13."));
    const infrastructure = [...naming.matchAll(/infrastructure folders \(([^)]*)\)/g)].flatMap(([, list]) =>
      backticked(list),
    );
    expect(infrastructure.length).toBeGreaterThan(0);
    const domains = folders.filter((folder) => !infrastructure.includes(folder));
    const inSection12 = new Set(backticked(naming.slice(0, naming.indexOf("| file |"))));
    expect(domains.filter((folder) => !inSection12.has(folder))).toEqual([]);
  });
});

/** File names Next.js gives a meaning (a comment may say why the app has none), and OpenAPI's section name. */
const NOT_OURS = new Set(["proxy.ts", "middleware.ts", "components/schemas"]);

test("comments in lib/, app/ and components/ name only files that exist", () => {
  const named: string[] = [];
  const bare: string[] = [];
  const basenames = new Set(FILES.map((file) => file.replace(/\/$/, "").split("/").pop()));
  // A file named without its folder ("the worker thread (run-fill.ts)"): some file of the repository has that name.
  const FILE_ONLY = /(?<![\w/#@.-])([\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs))(?![\w/])/g;
  // Not after "@", "#/" or another path segment: `@prisma/adapter-pg`, the OpenAPI pointer `#/components/schemas`.
  const REPO_PATH = /(?<![\w/#@.-])((?:lib|app|components|tests|e2e|scripts|prisma|docs|bench)\/[\w./()[\]-]*[\w)\]])/g;
  for (const file of FILES.filter((path) => /^(lib|app|components)\/.*\.(ts|tsx|mjs)$/.test(path))) {
    for (const line of readFileSync(join(ROOT, file), "utf8").split("\n")) {
      const comment = /^\s*(\/\/|\*|\/\*)/.test(line) ? line : /\s\/\/\s/.test(line) ? line.split(/\s\/\/\s/)[1] : "";
      for (const [, path] of comment.matchAll(REPO_PATH)) {
        if (path.includes("*") || EXAMPLES.test(path)) continue;
        // A closing parenthesis of the sentence, not of a route group such as `app/(app)/`.
        let trimmed = path;
        while (trimmed.endsWith(")") && trimmed.split("(").length < trimmed.split(")").length) {
          trimmed = trimmed.slice(0, -1);
        }
        if (!NOT_OURS.has(trimmed)) named.push(`${file}: ${trimmed}`);
      }
      for (const [, name] of comment.matchAll(FILE_ONLY)) {
        if (!EXAMPLES.test(name) && !NOT_OURS.has(name) && !basenames.has(name)) bare.push(`${file}: ${name}`);
      }
    }
  }
  expect(named.length).toBeGreaterThan(50);
  expect(bare).toEqual([]);
  const missing = named.filter((entry) => {
    const path = entry.slice(entry.indexOf(": ") + 2).replace(/\.$/, "");
    return !existsSync(join(ROOT, path));
  });
  expect(missing).toEqual([]);
});
