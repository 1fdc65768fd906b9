import { describe, expect, test } from "vitest";
import type { AutoFillProposal } from "@/lib/shared/schemas/auto-fill";
import {
  appliedMessage,
  filledText,
  overtimeText,
  proposalView,
  proposedText,
  qualityText,
  shiftPlace,
  solveText,
} from "./auto-fill-model";
import { employeeDto, shiftDto } from "./test-data";

const stats: AutoFillProposal["stats"] = { open: 3, filled: 2, overtime_hours: 0, solve_ms: 40, optimal: true, gap: 0 };
const at = "2026-11-20T08:00:00.000Z";

describe("the planner's proposal mode (docs/PRODUCT-RULES.md §28.4)", () => {
  test("proposed people go into their shifts, the chips are marked; saved and unknown shifts stay as they are", () => {
    const open = shiftDto(1);
    const stays = shiftDto(2);
    const assigned = shiftDto(3, { employee_id: 5, employee_name: "Eva Frei" });
    const proposal: AutoFillProposal = {
      assignments: [
        { shift_id: 1, employee_id: 7, reasons: ["hat noch 12 h frei", "hat sich beworben"], shift_updated_at: at },
        { shift_id: 3, employee_id: 7, reasons: [], shift_updated_at: at },
        { shift_id: 99, employee_id: 8, reasons: [], shift_updated_at: at },
      ],
      unfilled: [{ shift_id: 2, reason: "niemand ohne Konflikt verfügbar" }],
      left_out: [],
      stats,
    };
    const { shifts, marks } = proposalView(proposal, [open, stays, assigned], [employeeDto(7, "Anna", "Muster")]);
    expect(shifts[0]).toMatchObject({ id: 1, employee_id: 7, employee_name: "Anna Muster" });
    expect(shifts[1]).toBe(stays);
    // A shift already assigned keeps its person in the grid.
    expect(shifts[2]).toBe(assigned);
    expect(shifts).toHaveLength(3);
    expect(marks.get(1)).toEqual({
      kind: "assigned",
      name: "Anna Muster",
      text: "Vorschlag: Anna Muster – hat noch 12 h frei, hat sich beworben",
    });
    expect(marks.get(2)).toEqual({ kind: "open", text: "Bleibt offen – niemand ohne Konflikt verfügbar" });
    // Someone not loaded is named by id.
    expect(marks.get(99)).toMatchObject({ name: "#8", text: "Vorschlag: #8" });
  });

  test("its texts", () => {
    expect(proposedText("Anna Muster", [])).toBe("Vorschlag: Anna Muster");
    expect(filledText(stats)).toBe("2 von 3 offenen Schichten besetzt");
    expect(filledText({ ...stats, open: 1, filled: 1 })).toBe("1 von 1 offenen Schicht besetzt");
    expect(qualityText(stats)).toBe("optimal");
    expect(qualityText({ ...stats, optimal: false, gap: 0.021 })).toBe("beste gefundene Lösung (Abstand 2 %)");
    expect(qualityText({ ...stats, optimal: false, gap: 0.004 })).toBe("beste gefundene Lösung (Abstand < 1 %)");
    expect(solveText(40)).toBe("Rechenzeit: unter 0.1 s");
    expect(solveText(1200)).toBe("Rechenzeit: 1.2 s");
    expect(overtimeText(3.5)).toBe("Überstunden: 3.5 h");
    expect(appliedMessage(1)).toBe("1 Schicht besetzt");
    expect(appliedMessage(34)).toBe("34 Schichten besetzt");
    expect(shiftPlace(shiftDto(1, { shift_date: "2026-03-02" }))).toBe("Mo 02.03. · 08:00–16:00 · Altstadt");
  });
});
