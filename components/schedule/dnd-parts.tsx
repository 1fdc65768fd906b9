"use client";
import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import type { EmployeeDto, ShiftDto } from "@/lib/shared/api-types";
import type { MoveTarget } from "./planner-moves";

/** `place` names the cell for announcements: "Bahnhof, Di 24.11.". */
type CellProps = { target: MoveTarget; place: string; className: string; children: ReactNode };
type ChipProps = { shift: ShiftDto; name: string; children: ReactNode };
type EmployeeProps = { employee: EmployeeDto; name: string; children: ReactNode };

/**
 * The pieces of the planner that drag and drop turns into draggables and drop targets (docs/PRODUCT-RULES.md
 * §27.2): a day's cell, a shift's chip, an employee of the panel. The drag and drop code (@dnd-kit/core) loads only
 * for those who may plan, after the planner (./planner-dnd.tsx); until then, and for everybody else, these plain
 * ones stand in. Components, not hooks, so the switch is a remount, never hooks changing under a component.
 */
export type DndParts = {
  Cell: ComponentType<CellProps>;
  Chip: ComponentType<ChipProps>;
  Employee: ComponentType<EmployeeProps>;
};

export const PLAIN_PARTS: DndParts = {
  Cell: ({ className, children }) => <td className={className}>{children}</td>,
  Chip: ({ children }) => <div className="group/chip relative">{children}</div>,
  Employee: ({ children }) => <>{children}</>,
};

export const DndPartsContext = createContext<DndParts>(PLAIN_PARTS);

export const useDndParts = () => useContext(DndPartsContext);
