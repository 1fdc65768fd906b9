"use client";
import { useState } from "react";
import { RegionOptions } from "@/components/settings/RegionOptions";
import { Field } from "@/components/ui/Field";
import { Button } from "@/components/ui/Button";
import { FormActions, Modal } from "@/components/ui/Modal";
import { SelectField } from "@/components/ui/SelectField";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import type { LocationDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { DEFAULT_LOCATION_COLOR, LOCATION_COLOR_PRESETS } from "@/lib/shared/colors";
import { holidayRegionName } from "@/lib/shared/schemas/holiday";
import { locationInputSchema } from "@/lib/shared/schemas/location";
import { PresetCopy } from "./PresetCopy";
import { PresetSection } from "./PresetSection";

type Props = {
  location: LocationDto | null;
  onClose: () => void;
  /** An existing location was saved: the dialog closes. */
  onSaved: () => void;
  /**
   * A new location was saved: the dialog stays open as that location's edit, so its presets can be added at once
   * (docs/PRODUCT-RULES.md §31.5); the screen loads the list again.
   */
  onCreated: () => void;
  /** A preset was added, changed or deleted (saved at once, docs/PRODUCT-RULES.md §27.1); the dialog stays. */
  onPresetsChanged: () => void;
};

export function LocationDialog({ location: initial, onClose, onSaved, onCreated, onPresetsChanged }: Props) {
  // The location being edited: the one given, or the new one once it is saved.
  const [location, setLocation] = useState(initial);
  const justCreated = initial === null && location !== null;
  const [name, setName] = useState(location?.name ?? "");
  const [color, setColor] = useState(location?.color ?? DEFAULT_LOCATION_COLOR);
  const [address, setAddress] = useState(location?.address ?? "");
  const [holidayRegion, setHolidayRegion] = useState(location?.holiday_region ?? "");
  // "Tausch braucht Freigabe" (docs/PRODUCT-RULES.md §35.4), on for a new location.
  const [swapNeedsApproval, setSwapNeedsApproval] = useState(location?.swap_needs_approval ?? true);
  // The company's region names the default choice (docs/PRODUCT-RULES.md §22.2).
  const settings = useResource((signal) => api.get("/settings", signal), "Fehler beim Laden der Einstellungen");
  const companyRegion = settings.data?.holiday_region;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const validColor = /^#[0-9A-Fa-f]{6}$/.test(color);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(locationInputSchema, {
      name,
      color,
      address,
      holiday_region: holidayRegion,
      swap_needs_approval: swapNeedsApproval,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const input = checked.data;
    let created: LocationDto | null = null;
    const saved = await run(
      async () => {
        if (location) await api.put(`/locations/${location.id}`, input);
        else created = await api.post("/locations", input);
      },
      {
        success: location ? "Standort aktualisiert!" : "Standort erstellt!",
        failure: location ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen",
      },
    );
    if (!saved) return;
    if (created) {
      setLocation(created);
      onCreated();
    } else onSaved();
  }

  return (
    <Modal open title={location ? "Standort bearbeiten" : "Neuer Standort"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="location-name"
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          disabled={busy}
          autoFocus
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Farbe</legend>
          <div className="flex flex-wrap gap-2">
            {LOCATION_COLOR_PRESETS.map((preset) => {
              const selected = preset.toUpperCase() === color.toUpperCase();
              return (
                <button
                  key={preset}
                  type="button"
                  onClick={() => setColor(preset)}
                  aria-label={`Farbe ${preset}`}
                  aria-pressed={selected}
                  disabled={busy}
                  className={classNames(
                    "size-10 rounded-lg border-2",
                    selected ? "border-slate-900 ring-2 ring-slate-900 ring-offset-2" : "border-white shadow-sm",
                  )}
                  style={{ backgroundColor: preset }}
                />
              );
            })}
          </div>
          <div className="flex items-end gap-3">
            <span
              className="mb-1 size-10 shrink-0 rounded-lg border border-slate-200"
              style={{ backgroundColor: validColor ? color : "transparent" }}
              aria-hidden="true"
            />
            <Field
              id="location-color"
              label="Farbcode (#RRGGBB)"
              className="flex-1"
              value={color}
              maxLength={7}
              onChange={(event) => setColor(event.target.value.trim())}
              error={errors.color}
              disabled={busy}
              spellCheck={false}
            />
          </div>
        </fieldset>
        <Field
          id="location-address"
          label="Adresse (optional)"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={errors.address}
          disabled={busy}
        />
        <SelectField
          id="location-holiday-region"
          label="Feiertage"
          value={holidayRegion}
          onChange={(event) => setHolidayRegion(event.target.value)}
          error={errors.holiday_region}
          hint="Die Feiertage dieser Region erscheinen im Wochenplan und im PDF des Standorts."
          disabled={busy}
        >
          <option value="">
            {companyRegion === undefined
              ? "wie Betrieb"
              : `wie Betrieb (${companyRegion ? holidayRegionName(companyRegion) : "keine Feiertage"})`}
          </option>
          <RegionOptions />
        </SelectField>
        <div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-5 shrink-0 rounded border-slate-300"
              checked={swapNeedsApproval}
              onChange={(event) => setSwapNeedsApproval(event.target.checked)}
              aria-describedby="location-swap-approval-hint"
              disabled={busy}
            />
            Tausch braucht Freigabe
          </label>
          <p id="location-swap-approval-hint" className="pl-8 text-xs text-slate-600">
            Übernimmt jemand eine Schicht oder tauscht, muss die Leitung zustimmen.
          </p>
        </div>
        <FormActions busy={busy} onCancel={onClose} />
      </form>
      {/* Its own forms, after the location's: a form may not hold another. */}
      {location ? (
        <>
          {justCreated && (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              Standort gespeichert. Lege jetzt seine Schichtarten an – oder schliesse mit «Fertig».
            </p>
          )}
          <PresetSection
            key={location.id}
            locationId={location.id}
            presets={location.presets}
            onChanged={onPresetsChanged}
            labourRules={settings.data?.labour_rules ?? "CH"}
          />
          <PresetCopy locationId={location.id} onCopied={onPresetsChanged} />
          {justCreated && (
            <div className="mt-6 flex justify-end border-t border-slate-200 pt-4">
              <Button onClick={onClose}>Fertig</Button>
            </div>
          )}
        </>
      ) : (
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
          Schichtarten (z. B. Früh 06:00–14:00) legst du an, sobald der Standort gespeichert ist.
        </p>
      )}
    </Modal>
  );
}
