import { classNames } from "@/lib/shared/class-names";
import type { OpenApiDocument, OpenApiOperation } from "@/lib/shared/contract/openapi-types";
import { InlineText } from "./InlineText";
import { MethodBadge, OperationSection } from "./OperationSection";
import { SchemaTable, TypeText } from "./SchemaTable";
import { schemaRows, typeText } from "./schema-rows";

type Entry = { method: string; path: string; operation: OpenApiOperation };

/** The readable form of the OpenAPI document: operations by resource, then the named schemas. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const entries: Entry[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  const groups = document.tags.map((tag) => ({
    ...tag,
    entries: entries.filter((entry) => entry.operation.tags.includes(tag.name)),
  }));
  const intro = String(document.info.description ?? "").split(". ");

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 lg:flex lg:gap-10">
      <nav
        aria-label="Contents"
        className={classNames(
          "mb-8 shrink-0 text-sm lg:mb-0 lg:w-56",
          "lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto",
        )}
      >
        <p className="mb-2 font-semibold text-slate-900">Contents</p>
        <ul className="space-y-3">
          {groups.map((group) => (
            <li key={group.name}>
              <a href={`#tag-${slug(group.name)}`} className="font-medium text-slate-800 hover:text-accent-dark">
                {group.name}
              </a>
              <ul className="mt-1 space-y-0.5">
                {group.entries.map(({ method, path, operation }) => (
                  <li key={operation.operationId}>
                    <a
                      href={`#${operation.operationId}`}
                      className="flex gap-1.5 text-xs text-slate-600 hover:text-accent-dark"
                    >
                      <span className="w-12 shrink-0 font-mono uppercase">{method}</span>
                      <span className="truncate font-mono">{path.replace(/^\/api/, "")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#schemas" className="font-medium text-slate-800 hover:text-accent-dark">
              Schemas
            </a>
          </li>
        </ul>
      </nav>

      <main lang="en" className="min-w-0 flex-1">
        <header className="mb-8">
          <h1 className="text-2xl font-semibold tracking-tight">{String(document.info.title)}</h1>
          <p className="mt-1 text-sm text-slate-500">
            Version {String(document.info.version)} · OpenAPI {document.openapi} ·{" "}
            <a href="/api/openapi.json" className="text-accent-dark underline underline-offset-2 hover:text-accent">
              openapi.json
            </a>
          </p>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {intro.map((sentence, index) => (
              <li key={index}>
                <InlineText text={sentence.endsWith(".") ? sentence : `${sentence}.`} />
              </li>
            ))}
          </ul>
        </header>

        {groups.map((group) => (
          <section key={group.name} aria-labelledby={`tag-${slug(group.name)}`} className="mb-10">
            <h2 id={`tag-${slug(group.name)}`} className="scroll-mt-6 text-xl font-semibold tracking-tight">
              {group.name}
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">{group.description}</p>
            <ul className="mb-4 space-y-1 text-sm">
              {group.entries.map(({ method, path, operation }) => (
                <li key={operation.operationId}>
                  <a href={`#${operation.operationId}`} className="flex items-center gap-3 hover:text-accent-dark">
                    <MethodBadge method={method} />
                    <code className="min-w-0 font-mono break-all">{path}</code>
                    <span className="hidden text-slate-500 sm:inline">{operation.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
            <div className="space-y-4">
              {group.entries.map((entry) => (
                <OperationSection key={entry.operation.operationId} {...entry} />
              ))}
            </div>
          </section>
        ))}

        <section aria-labelledby="schemas">
          <h2 id="schemas" className="scroll-mt-6 text-xl font-semibold tracking-tight">
            Schemas
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            The JSON of the answers. Fields marked * are always present (in requests: required); apart from the error
            body, answers carry no other fields.
          </p>
          <div className="space-y-4">
            {Object.entries(document.components.schemas).map(([name, schema]) => {
              const rows = schemaRows(schema);
              return (
                <section
                  key={name}
                  id={`schema-${name}`}
                  aria-labelledby={`schema-${name}-title`}
                  className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <h3 id={`schema-${name}-title`} className="font-mono text-sm font-semibold">
                    {name}
                  </h3>
                  {rows.length > 0 ? (
                    <SchemaTable caption={`Schema ${name}`} rows={rows} />
                  ) : (
                    <p className="mt-1 font-mono text-xs text-slate-700">
                      <TypeText {...typeText(schema)} />
                    </p>
                  )}
                </section>
              );
            })}
          </div>
        </section>
      </main>
    </div>
  );
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
