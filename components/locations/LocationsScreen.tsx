"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { DeletionImpact } from "@/components/ui/DeletionImpact";
import { PageHeader } from "@/components/ui/PageHeader";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import type { LocationDto } from "@/lib/shared/api-types";
import { can } from "@/lib/shared/roles";
import { holidayRegionName } from "@/lib/shared/schemas/holiday";
import { locationDeletionText } from "./deletion-text";
import { LocationDialog } from "./LocationDialog";

/** Locations (docs/PRODUCT-RULES.md §16.6): a card per location with its colour, name and address. */
export function LocationsScreen() {
  const { user } = useAuth();
  const mayEdit = !!user && can(user.role, "master-data:write");
  const locations = useResource((signal) => api.get("/locations", signal), "Fehler beim Laden der Standorte");
  const [editing, setEditing] = useState<LocationDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<LocationDto | null>(null);

  const addButton = mayEdit && <Button onClick={() => setEditing("new")}>+ Neuer Standort</Button>;

  return (
    <>
      <PageHeader
        title="Standorte"
        description="Filialen und Betriebe, in denen geplant wird. Die Farbe erscheint im Wochenplan."
        actions={addButton}
      />
      <WhenLoaded resource={locations} failedTitle="Die Standorte konnten nicht geladen werden.">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Noch keine Standorte — lege den ersten Standort an" action={addButton}>
              Standorte sind die Zeilen deines Wochenplans.
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((location) => (
                <li key={location.id} className="flex overflow-hidden rounded-xl border border-slate-200 bg-white">
                  <span className="w-2 shrink-0" style={{ backgroundColor: location.color }} aria-hidden="true" />
                  <div className="flex flex-1 flex-col gap-3 p-4">
                    <div className="flex items-start gap-3">
                      <span
                        className="mt-0.5 size-8 shrink-0 rounded-lg"
                        style={{ backgroundColor: location.color }}
                        title={location.color}
                        aria-hidden="true"
                      />
                      <div className="min-w-0">
                        <h2 className="font-semibold text-slate-900">{location.name}</h2>
                        <p className="text-sm text-slate-600">{location.address ?? "Keine Adresse hinterlegt"}</p>
                        <p className="mt-1 font-mono text-xs text-slate-500">{location.color}</p>
                        {location.presets.length > 0 && (
                          <p className="mt-1 text-xs text-slate-600">
                            Schichtarten: {location.presets.map((preset) => preset.name).join(", ")}
                          </p>
                        )}
                        {location.holiday_region && (
                          <p className="mt-1 text-xs text-slate-600">
                            Feiertage: {holidayRegionName(location.holiday_region)}
                          </p>
                        )}
                        {/* The default (on) goes unsaid; off is the exception (docs/PRODUCT-RULES.md §35.4). */}
                        {!location.swap_needs_approval && (
                          <p className="mt-1 text-xs text-slate-600">Tausch ohne Freigabe</p>
                        )}
                      </div>
                    </div>
                    {mayEdit && (
                      <div className="mt-auto flex gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing(location)}
                          aria-label={`${location.name} bearbeiten`}
                        >
                          Bearbeiten
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          onClick={() => setDeleting(location)}
                          aria-label={`${location.name} löschen`}
                        >
                          Löschen
                        </Button>
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </WhenLoaded>
      {editing !== null && (
        <LocationDialog
          location={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void locations.reload();
          }}
          onCreated={() => void locations.reload()}
          onPresetsChanged={() => void locations.reload()}
        />
      )}
      <ConfirmDelete
        item={deleting}
        title="Standort löschen"
        message="Standort wirklich löschen?"
        detail={(location) => (
          <DeletionImpact
            name={location.name}
            load={(signal) => api.get(`/locations/${location.id}/deletion-impact`, signal)}
            describe={locationDeletionText}
          />
        )}
        remove={(location) => api.delete(`/locations/${location.id}`)}
        success="Standort gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={locations.reload}
      />
    </>
  );
}
