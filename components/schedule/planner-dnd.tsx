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
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
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

/** The planner's one draggable carries a holder of what is dragged (see Grip). */
const dragData = (active: Active) =>
  (active.data.current as { current: DragData | null } | undefined)?.current ?? undefined;
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

/**
 * Only targets for what is dragged: cells for a shift, chips for an employee. A shift goes to the cell under the
 * pointer, else the nearest (its card may sit on a gap between cells). A person dropped by pointer is assigned only
 * to the chip under the pointer: released beside the chips, nobody is given a shift they were not dropped on. The
 * keyboard has no pointer and goes from target to target, so the nearest is the one it is on.
 */
const collisions: CollisionDetection = (args) => {
  const kind = dragData(args.active)?.kind;
  const droppableContainers = args.droppableContainers.filter(
    (container) => (container.data.current as DropData | undefined)?.accepts === kind,
  );
  if (args.pointerCoordinates) {
    const within = pointerWithin({ ...args, droppableContainers });
    if (within.length > 0 || kind === "employee") return within;
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
  const kind = dragData(active)?.kind;
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

/** A cell under a dragged shift: outlined and tinted (set by reference, see CellTarget). */
const DROP_HIGHLIGHT = ["outline-2", "-outline-offset-2", "outline-accent", "bg-accent/10"];
/** The chip or person being dragged stays in place, dimmed (set by reference, see Grip). */
const DRAGGED = "opacity-40";

/**
 * Neither a cell nor a chip changes its size while something is dragged, so no drop target needs a ResizeObserver of
 * its own: dnd-kit would create and connect one per target at every drag start and disconnect them all at the drop,
 * which is part of what the drop costs (docs/PERFORMANCE.md, P13). The targets are measured at the drag's start and
 * on scrolling as before.
 */
const NO_RESIZE_OBSERVER = { disabled: true } as const;

type PointerPress = React.PointerEvent<HTMLElement>;
type KeyPress = React.KeyboardEvent<HTMLElement>;
type Listeners = { onPointerDown?: (event: PointerPress) => void; onKeyDown?: (event: KeyPress) => void };

/** A drop target as the grid registers it: a cell (for shifts) or a chip (for people), and its element. */
type Target = { id: string; node: HTMLElement; data: DropData };

/**
 * What the planner's grid and panel know of drag and drop: one object for the frame's life, handed down in a context
 * of our own that never changes (docs/PERFORMANCE.md, P13, third look).
 *
 * The grid is not inside dnd-kit's `DndContext`. Each change of dnd-kit's contexts (several per drag, two at a drop)
 * made React walk every fibre below the provider for consumers, and the sixty chips and the panel's people, each a
 * `useDraggable` of their own, and the cells, each a `useDroppable`, rendered again, synchronously inside the
 * release's event. Now:
 * - ONE draggable (`GripSlot`): the chip or person pressed hands it its element, its handle and its data, then starts
 *   its sensors (`press`); the dragged element is dimmed by reference (`mark`).
 * - The cells and chips register their elements here (`register`); the drop targets (`Targets`) are rendered inside
 *   `DndContext`, one small component per target that renders nothing, and mark their element by reference.
 * A drop then renders dnd-kit, the targets' hooks and what the move changes, not the grid.
 */
class Grip {
  /** The id of dnd-kit's screen reader instructions, which the pressed elements are described by. */
  readonly describedBy: string;
  /** What the one draggable carries: the element pressed last puts its own here (see `press`). */
  readonly data: { current: DragData | null } = { current: null };
  private listeners: Listeners | undefined;
  private setNode: (element: HTMLElement | null) => void = () => {};
  private setActivator: (element: HTMLElement | null) => void = () => {};
  /** The element pressed last and its handle (the keyboard's activator). */
  private node: HTMLElement | null = null;
  private activatorNode: HTMLElement | null = null;
  /**
   * dnd-kit took a press (pending or dragging): until it ends, another press must not hand over the draggable, or the
   * drag under way would move something else.
   */
  private busy = false;
  /** The registered drop targets by kind, and their lists for useSyncExternalStore: new when one comes or goes. */
  private targets = { cells: new Map<string, Target>(), chips: new Map<string, Target>() };
  private lists: { cells: Target[] | null; chips: Target[] | null } = { cells: null, chips: null };
  private subscribers = new Set<() => void>();
  private notifyScheduled = false;

  constructor(describedBy: string) {
    this.describedBy = describedBy;
  }

  get activator() {
    return this.activatorNode;
  }

  /**
   * The pressed element takes the draggable, then dnd-kit's sensor sees the press. The activator is set before the
   * keyboard's handler runs: dnd-kit's KeyboardSensor starts only from `event.target === activatorNode`.
   */
  press(event: PointerPress | KeyPress, node: HTMLElement | null, activator: HTMLElement | null, data: DragData) {
    if (this.busy || !node) return;
    this.node = node;
    this.activatorNode = activator;
    this.data.current = data;
    this.setNode(node);
    this.setActivator(activator);
    if (event.type === "keydown") this.listeners?.onKeyDown?.(event as KeyPress);
    else this.listeners?.onPointerDown?.(event as PointerPress);
    if ((event.nativeEvent as Event & { dndKit?: unknown }).dndKit) this.busy = true;
  }

  /** GripSlot's: the one draggable's node setters and its sensors' listeners. */
  attach(
    setNode: (element: HTMLElement | null) => void,
    setActivator: (element: HTMLElement | null) => void,
    listeners: Listeners | undefined,
  ) {
    this.setNode = setNode;
    this.setActivator = setActivator;
    this.listeners = listeners;
  }

  /** The press or the drag is over (dropped, cancelled, or never started): the next press may take the draggable. */
  release() {
    this.mark(false);
    this.busy = false;
  }

  /** The dragged element dimmed and its handle pressed (`aria-pressed`, as dnd-kit's attributes had it). */
  mark(dragging: boolean) {
    this.node?.classList.toggle(DRAGGED, dragging);
    if (dragging) this.node?.setAttribute("data-dragging", "true");
    else this.node?.removeAttribute("data-dragging");
    if (dragging) this.activatorNode?.setAttribute("aria-pressed", "true");
    else this.activatorNode?.removeAttribute("aria-pressed");
  }

  /** A cell or chip offers its element as a drop target; the answer takes it back. */
  register(kind: "cells" | "chips", target: Target): () => void {
    this.targets[kind].set(target.id, target);
    this.changed(kind);
    return () => {
      if (this.targets[kind].get(target.id) !== target) return;
      this.targets[kind].delete(target.id);
      this.changed(kind);
    };
  }

  private changed(kind: "cells" | "chips") {
    this.lists[kind] = null;
    // A week's cells come and go together: one notification for all of them.
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      for (const subscriber of this.subscribers) subscriber();
    });
  }

  readonly subscribe = (subscriber: () => void) => {
    this.subscribers.add(subscriber);
    return () => void this.subscribers.delete(subscriber);
  };

  readonly cells = () => (this.lists.cells ??= [...this.targets.cells.values()]);
  readonly chips = () => (this.lists.chips ??= [...this.targets.chips.values()]);
}

const GripContext = createContext<Grip | null>(null);

const useGrip = () => {
  const grip = useContext(GripContext);
  if (!grip) throw new Error("A draggable of the planner outside PlannerDnd");
  return grip;
};

/** The one draggable itself: renders nothing, and hands its node setters and sensors' listeners to the Grip. */
function GripSlot({ grip }: { grip: Grip }) {
  const { setNodeRef, setActivatorNodeRef, listeners } = useDraggable({ id: GRIP_ID, data: grip.data });
  useLayoutEffect(() => {
    grip.attach(setNodeRef, setActivatorNodeRef, listeners as Listeners | undefined);
  }, [grip, setNodeRef, setActivatorNodeRef, listeners]);
  return null;
}

const GRIP_ID = "planner-drag";

/** Marks what a drop target's element shows while something is over it: a cell's outline, a chip's ring. */
function markOver(target: Target) {
  if (target.data.accepts === "shift") {
    for (const name of DROP_HIGHLIGHT) target.node.classList.add(name);
    return () => {
      for (const name of DROP_HIGHLIGHT) target.node.classList.remove(name);
    };
  }
  // The chip's ring, an element of its own (the chip is positioned).
  const ring = document.createElement("span");
  ring.setAttribute("aria-hidden", "true");
  ring.className = CHIP_RING;
  target.node.prepend(ring);
  return () => ring.remove();
}

const CHIP_RING = "pointer-events-none absolute inset-0 z-10 rounded-md ring-2 ring-accent";

/**
 * A drop target inside dnd-kit's frame, rendering nothing: it registers the grid's element with dnd-kit and marks it
 * by reference while something is over it. Only these small components follow dnd-kit's contexts
 * (docs/PERFORMANCE.md, P13).
 */
const DropTarget = memo(function DropTarget({ target }: { target: Target }) {
  const { setNodeRef, isOver } = useDroppable({
    id: target.id,
    data: target.data,
    resizeObserverConfig: NO_RESIZE_OBSERVER,
  });
  useLayoutEffect(() => setNodeRef(target.node), [target, setNodeRef]);
  useLayoutEffect(() => (isOver ? markOver(target) : undefined), [target, isOver]);
  return null;
});

/**
 * The drop targets the grid registered: the cells always, the chips only while a person is dragged. Sixty chips that
 * are targets for nothing while a shift is dragged made every drop slower (docs/PERFORMANCE.md, P13); dnd-kit
 * measures targets that come after the drag's start as they register.
 */
function Targets({ grip, kind }: { grip: Grip; kind: "cells" | "chips" }) {
  const targets = useSyncExternalStore(grip.subscribe, grip[kind], grip[kind]);
  return targets.map((target) => <DropTarget key={target.id} target={target} />);
}

const DND_PARTS: DndParts = {
  Cell: function DndCell({ target, place, className, children }) {
    const grip = useGrip();
    const { date, locationId, employeeId } = target;
    const node = useRef<HTMLTableCellElement | null>(null);
    useLayoutEffect(() => {
      if (!node.current) return;
      return grip.register("cells", {
        id: `cell|${locationId ?? ""}|${employeeId ?? ""}|${date}`,
        node: node.current,
        data: { accepts: "shift", target: { date, locationId, employeeId }, place },
      });
    }, [grip, date, locationId, employeeId, place]);
    return (
      <td ref={node} className={className}>
        {children}
      </td>
    );
  },
  Chip: function DndChip({ shift, name, children }) {
    const grip = useGrip();
    const node = useRef<HTMLDivElement | null>(null);
    const handle = useRef<HTMLButtonElement | null>(null);
    useLayoutEffect(() => {
      if (!node.current) return;
      return grip.register("chips", {
        id: `chip|${shift.id}`,
        node: node.current,
        data: { accepts: "employee", shift, name },
      });
    }, [grip, shift, name]);
    const press = (event: PointerPress | KeyPress) =>
      grip.press(event, node.current, handle.current, { kind: "shift", shift, name });
    return (
      <div ref={node} onPointerDown={press} className="group/chip relative cursor-grab rounded-md">
        {/* The keyboard's handle: visible while focused, so it does not crowd every chip. */}
        <button
          ref={handle}
          type="button"
          role="button"
          tabIndex={0}
          aria-disabled={false}
          aria-roledescription="ziehbare Schicht"
          aria-describedby={grip.describedBy}
          data-drag-handle={shift.id}
          onKeyDown={press}
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
    const grip = useGrip();
    const node = useRef<HTMLSpanElement | null>(null);
    const press = (event: PointerPress | KeyPress) =>
      grip.press(event, node.current, node.current, { kind: "employee", employee, name });
    return (
      <span
        ref={node}
        role="button"
        tabIndex={0}
        aria-disabled={false}
        aria-roledescription="ziehbare Person"
        aria-describedby={grip.describedBy}
        onPointerDown={press}
        onKeyDown={press}
        aria-label={`${name}: auf eine Schicht ziehen, um zuzuweisen`}
        title={name}
        className={classNames(
          "cursor-grab truncate rounded px-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent",
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

/**
 * After a keyboard drop that moved the chip, the pressed handle is gone with the chip's old place: dnd-kit's own
 * focus restoring would focus a detached button, so the handle of the chip in its new cell gets the focus.
 */
function restoreFocus(grip: Grip, data: DragData) {
  const handle = grip.activator;
  if (data.kind !== "shift") return;
  requestAnimationFrame(() => {
    if (handle?.isConnected) return;
    document.querySelector<HTMLElement>(`[data-drag-handle="${data.shift.id}"]`)?.focus();
  });
}

/** The drag and drop frame around the planner's panel and grid. */
export function PlannerDnd({ onMove, children }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  // dnd-kit's screen reader instructions take the frame's id: the pressed elements are described by it.
  const instructionsId = useId();
  // One object for the frame's life, so no chip or person renders again for a drag (docs/PERFORMANCE.md, P13).
  const [grip] = useState(() => new Grip(instructionsId));
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

  const finish = useCallback(() => {
    grip.release();
    setActive(null);
  }, [grip]);
  const onDragEnd = useCallback(
    ({ active: dragged, over, activatorEvent }: DragEndEvent) => {
      finish();
      const data = dragData(dragged);
      const target = dropData(over);
      if (!data) return;
      if (activatorEvent instanceof KeyboardEvent) restoreFocus(grip, data);
      if (!target) return;
      if (data.kind === "shift" && target.accepts === "shift")
        onMove({ kind: copyRef.current ? "copy" : "move", shift: data.shift, target: target.target });
      // Refused by the screen's `move` when it is outside the person's Einsatzorte, like every other path.
      if (data.kind === "employee" && target.accepts === "employee" && target.shift.employee_id !== data.employee.id)
        onMove({ kind: "assign", shift: target.shift, employee: data.employee });
    },
    [onMove, finish, grip],
  );
  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }), []);

  // The grid and the panel beside dnd-kit's frame, not in it: see Grip.
  return (
    <>
      <GripContext value={grip}>
        <DndPartsContext value={DND_PARTS}>{children}</DndPartsContext>
      </GripContext>
      <DndContext
        id={instructionsId}
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={accessibility}
        onDragStart={({ active: dragged, activatorEvent }) => {
          const event = activatorEvent as KeyboardEvent | PointerEvent | null;
          copyRef.current = !!event && (event.ctrlKey || event.altKey);
          setCopying(copyRef.current);
          grip.mark(true);
          setActive(dragData(dragged) ?? null);
        }}
        onDragAbort={() => grip.release()}
        onDragEnd={onDragEnd}
        onDragCancel={finish}
      >
        <GripSlot grip={grip} />
        <Targets grip={grip} kind="cells" />
        {active?.kind === "employee" && <Targets grip={grip} kind="chips" />}
        <DragOverlay dropAnimation={null}>
          {active && (
            <div
              data-testid="drag-overlay"
              className={classNames(
                "w-40 cursor-grabbing rounded-md border border-l-4 border-slate-300 bg-white px-2 py-1 text-xs",
                "shadow-lg",
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
    </>
  );
}
