"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { api } from "@/lib/client/api";
import type { UnavailabilityDto } from "@/lib/shared/api-types";
import { unavailabilityPeriod } from "@/lib/shared/unavailability-text";

// Loaded when first opened, like every dialog: the form stays out of the page's first load.
const UnavailabilityDialog = dynamic(() =>
  import("@/components/unavailability/UnavailabilityDialog").then((m) => m.UnavailabilityDialog),
);

type Props = { employeeId: number; entries: UnavailabilityDto[]; onChanged: () => Promise<void> };

/** Own "Nicht verfügbar" entries on Meine Schichten (docs/PRODUCT-RULES.md §26.4): add, change, delete. */
export function MyUnavailability({ employeeId, entries, onChanged }: Props) {
  const [editing, setEditing] = useState<Partial<UnavailabilityDto> | null>(null);
  const [removing, setRemoving] = useState<UnavailabilityDto | null>(null);

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Sag der Planung, wann du nicht arbeiten kannst – ganze Tage oder ein Zeitfenster. Die Planung sieht es beim
        Einteilen.
      </p>
      <Button onClick={() => setEditing({})} className="max-sm:w-full">
        Nicht verfügbar eintragen
      </Button>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Keine Einträge.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{period(entry)}</p>
                <p className="text-sm text-slate-600">
                  {entry.start_time ? `${entry.start_time}–${entry.end_time}` : "Ganzer Tag"}
                  {entry.note && ` · ${entry.note}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEditing(entry)}>
                  Ändern
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRemoving(entry)}>
                  Löschen
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <UnavailabilityDialog
          employeeId={employeeId}
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void onChanged();
          }}
        />
      )}
      <ConfirmDelete
        item={removing}
        title="Eintrag löschen?"
        message={(entry) => `„Nicht verfügbar ${period(entry)}“ wird gelöscht.`}
        remove={(entry) => api.delete(`/unavailability/${entry.id}`)}
        success="Eintrag gelöscht!"
        onClose={() => setRemoving(null)}
        onDeleted={onChanged}
      />
    </div>
  );
}

/** "Fr 15.05.2026", "Mo 11.05.2026 – Mi 13.05.2026", "Jeden Montag ab 07.12.2026" (docs/PRODUCT-RULES.md §35.8). */
const period = unavailabilityPeriod;
