import { HOLIDAY_REGIONS } from "@/lib/shared/schemas/holiday";

const GROUPS = [
  { country: "CH", label: "Schweiz" },
  { country: "DE", label: "Deutschland" },
] as const;

/**
 * The holiday regions as <option>s grouped Schweiz / Deutschland, for the settings and the location
 * dialog. The list is the same plain data GET /api/holiday-regions answers (docs/PRODUCT-RULES.md §22.2),
 * so the pickers need no request.
 */
export function RegionOptions() {
  return GROUPS.map((group) => (
    <optgroup key={group.country} label={group.label}>
      {HOLIDAY_REGIONS.filter((region) => region.country === group.country).map((region) => (
        <option key={region.code} value={region.code}>
          {region.name}
        </option>
      ))}
    </optgroup>
  ));
}
