"use client";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { dateInput, Field } from "@/components/ui/Field";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { SelectField } from "@/components/ui/SelectField";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import type { AuditEntry, UserDto } from "@/lib/shared/api-types";
import { AUDIT_KIND_LABELS, auditKindsFor, type AuditKind } from "@/lib/shared/audit-kinds";
import { auditQuery, filtersFromQuery, showFiltersInAddress, type HistoryFilters } from "./history-filters";
import { HistoryList } from "./HistoryList";

/**
 * The history, "Verlauf" (docs/PRODUCT-RULES.md §27.5): the audit log as sentences, newest first; filters by person,
 * kind and period kept in the address; "Mehr laden" follows the server's cursor.
 */
export function HistoryScreen() {
  return (
    <PermissionGate
      permission="history:read"
      title="Verlauf"
      notice="Der Verlauf ist nur für Manager und Administratoren verfügbar"
    >
      {(user) => <History user={user} />}
    </PermissionGate>
  );
}

type More = { key: string; entries: AuditEntry[]; cursor: string | null };

function History({ user }: { user: UserDto }) {
  // The filters' one source is the address; Next keeps useSearchParams in step with history.replaceState.
  const kinds = auditKindsFor(user.role);
  const filters = filtersFromQuery(useSearchParams(), kinds);
  const query = auditQuery(filters);
  const key = query.toString();
  const people = useResource((signal) => api.get("/audit/people", signal), "Fehler beim Laden der Personen");
  const firstPage = useResource(
    (signal) => api.get(key ? `/audit?${key}` : "/audit", signal),
    "Fehler beim Laden des Verlaufs",
    key,
  );
  const [more, setMore] = useState<More | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  function change(next: Partial<HistoryFilters>) {
    showFiltersInAddress({ ...filters, ...next });
  }

  // Pages loaded with "Mehr laden" belong to the filters they were loaded for (and to the first page shown).
  const shownKey = firstPage.dataKey;
  const extra = more && more.key === shownKey ? more : null;
  const cursor = extra ? extra.cursor : (firstPage.data?.next_cursor ?? null);

  async function loadMore() {
    if (!cursor || shownKey === undefined) return;
    setLoadingMore(true);
    try {
      const next = new URLSearchParams(shownKey);
      next.set("cursor", cursor);
      const page = await api.get(`/audit?${next}`);
      setMore({ key: shownKey, entries: [...(extra?.entries ?? []), ...page.entries], cursor: page.next_cursor });
    } catch {
      notify.error("Fehler beim Laden weiterer Einträge");
    } finally {
      setLoadingMore(false);
    }
  }

  const description =
    kinds.length > 3
      ? "Wer hat wann was geändert: alle Einträge des Protokolls, die neuesten zuerst."
      : "Wer hat wann was geändert: Schichten, Ferien und „Nicht verfügbar“, die neuesten zuerst.";

  return (
    <>
      <PageHeader title="Verlauf" description={description} />
      <form
        role="search"
        aria-label="Verlauf filtern"
        className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          id="history-person"
          label="Person"
          className="max-sm:col-span-2"
          value={filters.person}
          onChange={(event) => change({ person: event.target.value })}
        >
          <option value="">Alle Personen</option>
          {filters.person && !people.data?.some((person) => String(person.id) === filters.person) && (
            <option value={filters.person}>#{filters.person}</option>
          )}
          {people.data?.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.username}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="history-kind"
          label="Art"
          className="max-sm:col-span-2"
          value={filters.kind}
          onChange={(event) => change({ kind: event.target.value as AuditKind | "" })}
        >
          <option value="">Alle Arten</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <Field
          id="history-from"
          label="Von"
          {...dateInput}
          value={filters.from}
          max={filters.to || dateInput.max}
          onChange={(event) => change({ from: event.target.value })}
        />
        <Field
          id="history-to"
          label="Bis"
          {...dateInput}
          value={filters.to}
          min={filters.from || dateInput.min}
          onChange={(event) => change({ to: event.target.value })}
        />
      </form>
      <WhenLoaded resource={firstPage} failedTitle="Der Verlauf konnte nicht geladen werden.">
        {(page) =>
          page.entries.length === 0 ? (
            <EmptyState title="Keine Einträge für diese Auswahl" />
          ) : (
            <>
              <HistoryList
                entries={extra ? [...page.entries, ...extra.entries] : page.entries}
                busy={firstPage.loading}
              />
              {cursor && (
                <div className="mt-4 flex justify-center">
                  <Button variant="secondary" onClick={loadMore} disabled={loadingMore || firstPage.loading}>
                    {loadingMore ? "Wird geladen..." : "Mehr laden"}
                  </Button>
                </div>
              )}
            </>
          )
        }
      </WhenLoaded>
    </>
  );
}
