"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { inputClass } from "@/components/ui/Field";
import { Modal, ModalActions } from "@/components/ui/Modal";
import type { LocationDto, ShiftDto } from "@/lib/shared/api-types";
import { worksAtLocation } from "@/lib/shared/employee-locations";
import { dayLabel, shiftName, weekDays, type MoveTarget } from "./planner-moves";

type Props = {
  shift: ShiftDto;
  weekStart: string;
  /** The view decides what else changes: the location (by location) or the employee (by employee). */
  view: "locations" | "employees";
  locations: LocationDto[];
  /** `locationIds`: Einsatzorte (docs/PRODUCT-RULES.md §28.1), empty = every location. */
  employees: { id: number; name: string; locationIds: number[] }[];
  onMove: (kind: "move" | "copy", target: MoveTarget) => void;
  onClose: () => void;
};

/**
 * "Verschieben / Kopieren nach …" (docs/PRODUCT-RULES.md §27.2): the keyboard's and the phone's way to what a drag
 * does. A day of the shown week and a location (or employee), then "Verschieben" or "Kopieren"; the times stay.
 */
export function MoveDialog({ shift, weekStart, view, locations, employees, onMove, onClose }: Props) {
  const [date, setDate] = useState(shift.shift_date);
  const [locationId, setLocationId] = useState(String(shift.location_id));
  const [employeeId, setEmployeeId] = useState(shift.employee_id === null ? "" : String(shift.employee_id));
  const days = weekDays(weekStart);
  // An archived location or employee of the shift stays choosable for it (it is where the shift is now).
  const locationOptions = locations.some((location) => location.id === shift.location_id)
    ? locations
    : [...locations, { id: shift.location_id, name: shift.location_name }];
  // Only those who work at the shift's location (§28.1); the one assigned now stays, marked if they do not.
  const worksHere = (employee: { locationIds: number[] }) => worksAtLocation(employee.locationIds, shift.location_id);
  const employeeOptions = [
    ...employees.filter((employee) => worksHere(employee) || employee.id === shift.employee_id),
    ...(shift.employee_id === null || employees.some((employee) => employee.id === shift.employee_id)
      ? []
      : [{ id: shift.employee_id, name: shift.employee_name ?? "", locationIds: [] }]),
  ];
  const target = (): MoveTarget =>
    view === "locations"
      ? { date, locationId: Number(locationId) }
      : { date, employeeId: employeeId === "" ? null : Number(employeeId) };

  return (
    <Modal open title="Verschieben / Kopieren nach …" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onMove("move", target());
        }}
        className="space-y-4"
      >
        <p className="text-sm text-slate-700">{shiftName(shift, weekStart)}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="move-day" className="block text-sm font-medium text-slate-700">
              Tag
            </label>
            <select id="move-day" value={date} onChange={(e) => setDate(e.target.value)} className={inputClass}>
              {!days.includes(shift.shift_date) && <option value={shift.shift_date}>{shift.shift_date}</option>}
              {days.map((day) => (
                <option key={day} value={day}>
                  {dayLabel(day, weekStart)}
                </option>
              ))}
            </select>
          </div>
          {view === "locations" ? (
            <div className="space-y-1">
              <label htmlFor="move-location" className="block text-sm font-medium text-slate-700">
                Standort
              </label>
              <select
                id="move-location"
                value={locationId}
                onChange={(e) => setLocationId(e.target.value)}
                className={inputClass}
              >
                {locationOptions.map((location) => (
                  <option key={location.id} value={String(location.id)}>
                    {location.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="space-y-1">
              <label htmlFor="move-employee" className="block text-sm font-medium text-slate-700">
                Mitarbeiter
              </label>
              <select
                id="move-employee"
                value={employeeId}
                onChange={(e) => setEmployeeId(e.target.value)}
                className={inputClass}
              >
                <option value="">Offen</option>
                {employeeOptions.map((employee) => (
                  <option key={employee.id} value={String(employee.id)}>
                    {employee.name}
                    {worksHere(employee) ? "" : " – anderer Einsatzort"}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button variant="secondary" onClick={() => onMove("copy", target())}>
            Kopieren
          </Button>
          <Button type="submit">Verschieben</Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
