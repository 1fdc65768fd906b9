"use client";
/**
 * Drag and drop in the planner (docs/PRODUCT-RULES.md §27.2), loaded only for those who may plan and only after the
 * planner itself (ScheduleScreen imports this module when it mounts): a chip dropped on another cell moves the shift
 * there, with Ctrl or Alt held it copies it; an employee of the panel dropped on a chip is assigned to the shift.
 * The mouse drags after a few pixels (a click still opens the dialog), the keyboard from a chip's drag button
 * (Space, the arrow keys from cell to cell, Space again, Escape), announced in German. What a drop means is decided
 * here; the screen carries it out (`move` of use-optimistic-moves.ts), which refuses with a toast, nothing sent, a
 * shift given to someone who does not work at its location (docs/PRODUCT-RULES.md §28.1), dropped on a chip or in
 * their row alike; the shift dialog's picker still assigns them on purpose.
 */
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from "@dnd-kit/core";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import type { EmployeeDto, ShiftDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { DndPartsContext, type DndParts } from "./dnd-parts";
import { foreignLocationRefusal, type MoveTarget, type PlanMove } from "./planner-moves";

type ShiftDrag = { kind: "shift"; shift: ShiftDto; name: string };
type EmployeeDrag = { kind: "employee"; employee: EmployeeDto; name: string };
type DragData = ShiftDrag | EmployeeDrag;
/** A drop target: a cell takes shifts, a chip takes employees. */
type DropData =
  { accepts: "shift"; target: MoveTarget; place: string } | { accepts: "employee"; shift: ShiftDto; name: string };

/** What an employee dropped on a shift of a location they do not work at hears (§28.1); null when they do. */
const foreignLocation = (employee: EmployeeDto, shift: ShiftDto) =>
  foreignLocationRefusal({ kind: "assign", shift, employee }, { employees: [], locations: [] });

const dragData = (active: Active) => active.data.current as DragData | undefined;
const dropData = (over: Over | null) => over?.data.current as DropData | undefined;

const KEYS = "Mit den Pfeiltasten bewegen, Leertaste zum Ablegen, Escape zum Abbrechen.";
const INSTRUCTIONS =
  "Leertaste drücken, um aufzunehmen. " +
  KEYS +
  " Mit gedrückter Ctrl- oder Alt-Taste ablegen, um zu kopieren statt zu verschieben.";

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const data = dragData(active);
    return data && `${data.name}, aufgenommen. ${KEYS}`;
  },
  onDragOver: ({ active, over }) => {
    const data = dragData(active);
    const target = dropData(over);
    if (!data) return undefined;
    if (!target) return `${data.name} ist über keinem Ziel.`;
    // A place ends with its date ("Bahnhof, Di 24.11."), a shift's name with its times.
    return target.accepts === "shift" ? `${data.name} über ${target.place}` : `${data.name} über ${target.name}.`;
  },
  onDragEnd: ({ active, over }) => {
    const data = dragData(active);
    const target = dropData(over);
    if (!data) return undefined;
    if (!target) return `${data.name} abgelegt, ohne Ziel: nichts geändert.`;
    if (target.accepts === "shift") return `${data.name} abgelegt: ${target.place}`;
    if (data.kind === "employee")
      return foreignLocation(data.employee, target.shift) ?? `${data.name} zugewiesen: ${target.name}.`;
    return `${data.name} zugewiesen: ${target.name}.`;
  },
  onDragCancel: ({ active }) => {
    const data = dragData(active);
    return data && `Abgebrochen. ${data.name} bleibt an seinem Platz.`;
  },
};

/** Only targets for what is dragged: cells for a shift, chips for an employee; under the pointer, else nearest. */
const collisions: CollisionDetection = (args) => {
  const kind = (args.active.data.current as DragData | undefined)?.kind;
  const droppableContainers = args.droppableContainers.filter(
    (container) => (container.data.current as DropData | undefined)?.accepts === kind,
  );
  if (args.pointerCoordinates) {
    const within = pointerWithin({ ...args, droppableContainers });
    if (within.length > 0) return within;
  }
  return closestCenter({ ...args, droppableContainers });
};

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The arrow keys go from target to target (the next cell, or chip, in that direction), not by pixels: the nearest
 * target whose centre lies that way, straight lines first.
 */
const toNextTarget: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = DIRECTIONS[event.code];
  const { active, over, collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !active || !collisionRect) return undefined;
  event.preventDefault();
  const kind = (active.data.current as DragData | undefined)?.kind;
  // From the target the shift is over (the dragged card may be wider than a cell), else from the card.
  const here = (over && droppableRects.get(over.id)) ?? collisionRect;
  const from = { x: here.left + here.width / 2, y: here.top + here.height / 2 };
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    if ((container.data.current as DropData | undefined)?.accepts !== kind) continue;
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const to = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    const along = (to.x - from.x) * direction[0] + (to.y - from.y) * direction[1];
    if (along <= 4) continue;
    const across = Math.abs((to.x - from.x) * direction[1] + (to.y - from.y) * direction[0]);
    const score = along + across * 3;
    if (!best || score < best.score) best = { ...to, score };
  }
  if (!best) return undefined;
  return { x: best.x - collisionRect.width / 2, y: best.y - collisionRect.height / 2 };
};

const dropHighlight = "outline-2 -outline-offset-2 outline-accent bg-accent/10";

/**
 * Neither a cell nor a chip changes its size while something is dragged, so no drop target needs a ResizeObserver of
 * its own: dnd-kit would create and connect one per target at every drag start and disconnect them all at the drop,
 * which is part of what the drop costs (docs/PERFORMANCE.md, P13). The targets are measured at the drag's start and
 * on scrolling as before.
 */
const NO_RESIZE_OBSERVER = { disabled: true } as const;

/** What is being dragged, if anything: the chips become drop targets only while a person is dragged. */
const DraggingKindContext = createContext<DragData["kind"] | null>(null);

/**
 * A chip as a drop target for a person of the panel, there only while one is dragged (the chip's ring shows the one
 * under the pointer). A drop target re-renders with every step of any drag and at its end; sixty chips that are
 * targets for nothing while a shift is dragged made every drop slower (docs/PERFORMANCE.md, P13). dnd-kit measures
 * targets that come after the drag's start as they register.
 */
function ChipDropTarget({ shift, name, node }: { shift: ShiftDto; name: string; node: RefObject<HTMLElement | null> }) {
  const { setNodeRef, isOver } = useDroppable({
    id: `chip|${shift.id}`,
    data: { accepts: "employee", shift, name } satisfies DropData,
    resizeObserverConfig: NO_RESIZE_OBSERVER,
  });
  useLayoutEffect(() => setNodeRef(node.current), [node, setNodeRef]);
  return isOver ? (
    <span aria-hidden="true" className="pointer-events-none absolute inset-0 z-10 rounded-md ring-2 ring-accent" />
  ) : null;
}

const DND_PARTS: DndParts = {
  Cell: function DndCell({ target, place, className, children }) {
    const id = `cell|${target.locationId ?? ""}|${target.employeeId ?? ""}|${target.date}`;
    const data: DropData = { accepts: "shift", target, place };
    const { setNodeRef, isOver } = useDroppable({ id, data, resizeObserverConfig: NO_RESIZE_OBSERVER });
    return (
      <td ref={setNodeRef} className={classNames(className, isOver && dropHighlight)}>
        {children}
      </td>
    );
  },
  Chip: function DndChip({ shift, name, children }) {
    const drag = useDraggable({
      id: `shift|${shift.id}`,
      data: { kind: "shift", shift, name } satisfies DragData,
      attributes: { roleDescription: "ziehbare Schicht" },
    });
    const { setNodeRef } = drag;
    const node = useRef<HTMLDivElement | null>(null);
    const setRefs = useCallback(
      (element: HTMLDivElement | null) => {
        node.current = element;
        setNodeRef(element);
      },
      [setNodeRef],
    );
    const dragging = useContext(DraggingKindContext);
    return (
      <div
        ref={setRefs}
        data-dragging={drag.isDragging || undefined}
        onPointerDown={drag.listeners?.onPointerDown as React.PointerEventHandler | undefined}
        className={classNames("group/chip relative cursor-grab rounded-md", drag.isDragging && "opacity-40")}
      >
        {dragging === "employee" && <ChipDropTarget shift={shift} name={name} node={node} />}
        {/* The keyboard's handle: visible while focused, so it does not crowd every chip. */}
        <button
          ref={drag.setActivatorNodeRef}
          type="button"
          {...drag.attributes}
          onKeyDown={drag.listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
          aria-label={`Ziehen: ${name}`}
          className={classNames(
            "sr-only focus:not-sr-only focus:absolute focus:left-0.5 focus:top-0.5 focus:z-10",
            "focus:rounded focus:bg-white focus:px-1 focus:text-xs focus:shadow",
          )}
        >
          ⠿ Ziehen
        </button>
        {children}
      </div>
    );
  },
  Employee: function DndEmployee({ employee, name, children }) {
    const drag = useDraggable({
      id: `employee|${employee.id}`,
      data: { kind: "employee", employee, name } satisfies DragData,
      attributes: { roleDescription: "ziehbare Person" },
    });
    return (
      <span
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        aria-label={`${name}: auf eine Schicht ziehen, um zuzuweisen`}
        title={name}
        className={classNames(
          "cursor-grab truncate rounded px-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent",
          drag.isDragging && "opacity-40",
        )}
      >
        {children}
      </span>
    );
  },
};

type Props = {
  /** Carries out a drop: the screen moves the chip at once and saves it. */
  onMove: (move: PlanMove) => void;
  children: ReactNode;
};

/**
 * The sensors' options, made once: `useSensor` keeps its sensor only while its options are the same object. New ones
 * at every render made new sensors, and through them a new context for every chip, cell and person that can be
 * dragged or dropped on, so the whole grid rendered again whenever the screen did, a week switch included
 * (docs/PERFORMANCE.md, P13).
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: toNextTarget };

/** The drag and drop frame around the planner's panel and grid. */
export function PlannerDnd({ onMove, children }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  const [active, setActive] = useState<DragData | null>(null);
  const [copying, setCopying] = useState(false);
  // Ctrl or Alt held at the drop copies: the pointer's and the keyboard's events tell, whichever comes last.
  const copyRef = useRef(false);
  useEffect(() => {
    if (!active) return;
    const track = (event: KeyboardEvent | PointerEvent) => {
      copyRef.current = event.ctrlKey || event.altKey;
      setCopying(copyRef.current);
    };
    const events = ["keydown", "keyup", "pointermove", "pointerup"] as const;
    for (const name of events) window.addEventListener(name, track as EventListener, true);
    return () => {
      for (const name of events) window.removeEventListener(name, track as EventListener, true);
    };
  }, [active]);

  const onDragEnd = useCallback(
    ({ active: dragged, over }: DragEndEvent) => {
      setActive(null);
      const data = dragData(dragged);
      const target = dropData(over);
      if (!data || !target) return;
      if (data.kind === "shift" && target.accepts === "shift")
        onMove({ kind: copyRef.current ? "copy" : "move", shift: data.shift, target: target.target });
      // Refused by the screen's `move` when it is outside the person's Einsatzorte, like every other path.
      if (data.kind === "employee" && target.accepts === "employee" && target.shift.employee_id !== data.employee.id)
        onMove({ kind: "assign", shift: target.shift, employee: data.employee });
    },
    [onMove],
  );
  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }), []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={accessibility}
      onDragStart={({ active: dragged, activatorEvent }) => {
        const event = activatorEvent as KeyboardEvent | PointerEvent | null;
        copyRef.current = !!event && (event.ctrlKey || event.altKey);
        setCopying(copyRef.current);
        setActive(dragData(dragged) ?? null);
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <DraggingKindContext value={active?.kind ?? null}>
        <DndPartsContext value={DND_PARTS}>{children}</DndPartsContext>
      </DraggingKindContext>
      <DragOverlay dropAnimation={null}>
        {active && (
          <div
            data-testid="drag-overlay"
            className={classNames(
              "w-40 cursor-grabbing rounded-md border border-l-4 border-slate-300 bg-white px-2 py-1 text-xs shadow-lg",
            )}
            style={active.kind === "shift" ? { borderLeftColor: active.shift.location_color } : undefined}
          >
            <span className="block font-medium text-slate-900">{active.name}</span>
            {active.kind === "shift" && (
              <span className="block text-slate-600">{copying ? "Kopieren (Ctrl/Alt)" : "Verschieben"}</span>
            )}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
