import { InlineText } from "./InlineText";
import type { SchemaRow } from "./schema-rows";

/** A type text with its named schemas linked to their section. */
export function TypeText({ text, refs }: { text: string; refs: string[] }) {
  if (refs.length === 0) return <span>{text}</span>;
  const pattern = new RegExp(`\\b(${refs.join("|")})\\b`);
  return (
    <>
      {text.split(pattern).map((part, index) =>
        refs.includes(part) ? (
          <a
            key={index}
            href={`#schema-${part}`}
            className="text-accent-dark underline underline-offset-2 hover:text-accent"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * A schema's fields. Notes may hold long unbroken examples (a webhook secret, a token): they wrap anywhere, so the
 * table does not scroll sideways (a scrolling region would need a keyboard stop of its own).
 */
export function SchemaTable({ rows, caption }: { rows: SchemaRow[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Field
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 font-medium">
              Notes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => (
            <tr key={row.name}>
              <td className="py-2 pr-4 font-mono text-xs whitespace-nowrap text-slate-900">
                {row.name}
                {row.required && (
                  <>
                    <span aria-hidden="true" className="ml-1 text-rose-600">
                      *
                    </span>
                    <span className="sr-only"> (required)</span>
                  </>
                )}
              </td>
              <td className="py-2 pr-4 font-mono text-xs text-slate-700">
                <TypeText text={row.type} refs={row.refs} />
              </td>
              <td className="py-2 text-slate-600 [overflow-wrap:anywhere]">
                {row.notes.map((note, index) => (
                  <span key={index}>
                    {index > 0 && " · "}
                    <InlineText text={note} />
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
