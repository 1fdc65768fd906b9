import { classNames } from "@/lib/shared/class-names";
import type { OpenApiOperation } from "@/lib/shared/contract/openapi-types";
import { InlineText } from "./InlineText";
import { SchemaTable, TypeText } from "./SchemaTable";
import { notesOf, schemaRows, typeText, type JsonSchema } from "./schema-rows";

const METHOD_STYLES: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-rose-100 text-rose-800",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={classNames(
        "inline-flex w-16 justify-center rounded-md px-2 py-0.5",
        "font-mono text-xs font-semibold uppercase",
        METHOD_STYLES[method],
      )}
    >
      {method}
    </span>
  );
}

function Subheading({ children }: { children: React.ReactNode }) {
  return <h4 className="mt-5 mb-1 text-sm font-semibold text-slate-800">{children}</h4>;
}

export function OperationSection({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
}) {
  const roles = operation["x-roles"];
  const body = operation.requestBody?.content["application/json"].schema;
  // The roles line is shown as badges; the rest of the description as paragraphs.
  const paragraphs = operation.description.split("\n\n").filter((text) => !/^(Roles|Public):/.test(text));
  return (
    <section
      id={operation.operationId}
      aria-labelledby={`${operation.operationId}-title`}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={`${operation.operationId}-title`} className="flex flex-wrap items-center gap-3">
        <MethodBadge method={method} />
        <code className="font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
      </h3>
      <p className="mt-2 text-slate-800">{operation.summary}</p>
      <p className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        {roles.length === 0 ? (
          <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
            Public, no token
          </span>
        ) : (
          <>
            <span>Roles:</span>
            {roles.map((role) => (
              <span
                key={role}
                className="inline-flex rounded-full bg-purple-50 px-2.5 py-0.5 text-xs font-medium text-purple-800"
              >
                {role}
              </span>
            ))}
            <span className="text-xs text-slate-500">
              (<code className="font-mono">{operation["x-permission"]}</code>, Bearer token)
            </span>
          </>
        )}
      </p>
      {paragraphs.map((text, index) => (
        <p key={index} className="mt-2 text-sm text-slate-600">
          <InlineText text={text} />
        </p>
      ))}

      {operation.parameters && (
        <>
          <Subheading>Parameters</Subheading>
          <SchemaTable
            caption={`Parameters of ${method.toUpperCase()} ${path}`}
            rows={operation.parameters.map((parameter) => ({
              name: `${parameter.name} (${parameter.in})`,
              type: typeText(parameter.schema).text,
              refs: typeText(parameter.schema).refs,
              required: parameter.required,
              notes: [...(parameter.description ? [parameter.description] : []), ...notesOf(parameter.schema)],
            }))}
          />
        </>
      )}

      {body && (
        <>
          <Subheading>Request body (JSON)</Subheading>
          <SchemaTable caption={`Request body of ${method.toUpperCase()} ${path}`} rows={schemaRows(body)} />
        </>
      )}

      <Subheading>Responses</Subheading>
      <ul className="divide-y divide-slate-100 text-sm">
        {Object.entries(operation.responses).map(([status, response]) => {
          const [mediaType, content] = Object.entries(response.content ?? {})[0] ?? [];
          const type = content
            ? mediaType === "application/json"
              ? typeText(content.schema as JsonSchema)
              : { text: mediaType ?? "", refs: [] }
            : null;
          return (
            <li key={status} className="flex flex-wrap gap-x-4 gap-y-1 py-1.5">
              <span
                className={classNames(
                  "w-10 font-mono font-semibold",
                  status.startsWith("2") ? "text-emerald-700" : "text-slate-500",
                )}
              >
                {status}
              </span>
              <span className="min-w-0 flex-1 text-slate-600">
                <InlineText text={response.description} />
              </span>
              {type && (
                <span className="font-mono text-xs text-slate-700">
                  <TypeText text={type.text} refs={type.refs} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
