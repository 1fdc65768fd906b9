import "server-only";
import { blockingFinding, findingsForShift, type Finding, type RuleInput, type RuleShift } from "@/lib/shared/rules";
import { worksAtLocation } from "@/lib/shared/employee-locations";

/** The two sides of an offer as the rules see them: who gives which shift, who takes it, and a swap's return. */
export type SwapSides = {
  shift: RuleShift;
  /** `swap`: the colleague's shift the one who offers takes in return. */
  target: RuleShift | null;
  offeredBy: number;
  taker: number;
};

export type SwapFindings = { taker: Finding[]; giver: Finding[] };

/**
 * What the planning rules would say after the offer is carried out (docs/PRODUCT-RULES.md §35.3): the taker's
 * findings on the shift they take, and for a swap the giver's on the shift they take in return. Both shifts change
 * hands at once, so a swap of two shifts at the same time is no overlap. `facts` hold both people's shifts in a
 * window around both days (readRuleFacts).
 */
export function swapFindings(facts: RuleInput, { shift, target, offeredBy, taker }: SwapSides): SwapFindings {
  const handedOver = facts.shifts.map((other) => {
    if (other.id === shift.id) return { ...other, employee_id: taker };
    if (target && other.id === target.id) return { ...other, employee_id: offeredBy };
    return other;
  });
  const after: RuleInput = { ...facts, shifts: handedOver };
  return {
    taker: findingsForShift(after, { ...shift, employee_id: taker }),
    giver: target ? findingsForShift(after, { ...target, employee_id: offeredBy }) : [],
  };
}

/** Why someone cannot take an offer: at a location outside their Einsatzorte, or the rules refuse it. */
export type SwapRefusal =
  { kind: "location"; side: "taker" | "giver" } | { kind: "rule"; side: "taker" | "giver"; finding: Finding };

/**
 * Whether the offer can be carried out for this taker: each shift at a location among its new person's Einsatzorte
 * (§28.1), and no error finding (overlap, a vacation or absence day) for either. Answers the refusal, or the warnings
 * both would get.
 */
export function judgeSwap(
  facts: RuleInput,
  sides: SwapSides,
  locationIds: { taker: number[]; giver: number[] },
): { refusal: SwapRefusal } | { findings: SwapFindings } {
  if (!worksAtLocation(locationIds.taker, sides.shift.location_id))
    return { refusal: { kind: "location", side: "taker" } };
  if (sides.target && !worksAtLocation(locationIds.giver, sides.target.location_id))
    return { refusal: { kind: "location", side: "giver" } };
  const findings = swapFindings(facts, sides);
  const takerRefusal = blockingFinding(findings.taker);
  if (takerRefusal) return { refusal: { kind: "rule", side: "taker", finding: takerRefusal } };
  const giverRefusal = blockingFinding(findings.giver);
  if (giverRefusal) return { refusal: { kind: "rule", side: "giver", finding: giverRefusal } };
  return { findings };
}
