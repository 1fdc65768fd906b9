"use client";
import { useState } from "react";
import { IntentLink } from "@/components/ui/IntentLink";
import { PageHeader } from "@/components/ui/PageHeader";
import { LoadingState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import { formatDate, formatDayMonth, isoWeekNumber } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import { can } from "@/lib/shared/roles";
import { DashboardAlerts } from "./DashboardAlerts";
import { EmployeeWeekList } from "./EmployeeWeekList";
import { FirstSteps, firstStepsOpen } from "./FirstSteps";
import { PendingVacationRequests, WaitingApplications, WaitingSwaps } from "./PendingVacationRequests";
import { StatCard } from "./StatCard";
import { TimeAlerts } from "./TimeAlerts";
import { TodayOnDuty } from "./TodayOnDuty";
import { UpcomingHolidays } from "./UpcomingHolidays";
import { UpcomingVacations } from "./UpcomingVacations";

const QUICK_LINKS = [
  { href: "/schedule", label: "Wochenplanung" },
  { href: "/employees", label: "Mitarbeiter" },
  { href: "/vacations", label: "Ferien" },
  { href: "/locations", label: "Standorte" },
];

/** Dashboard (docs/PRODUCT-RULES.md §16.3): the current week at a glance, from one API call. */
export function DashboardScreen() {
  // null: not chosen yet; the server suggests next week on Sunday from 16:00 (docs/PRODUCT-RULES.md §31.6).
  const [chosen, setChosen] = useState<"this" | "next" | null>(null);
  const [suggested, setSuggested] = useState(false);
  const next = chosen === "next" || (chosen === null && suggested);
  const dashboard = useResource(
    // The first load asks for /dashboard exactly, as the page head's early request does (EARLY_GETS).
    (signal) => api.get(next ? "/dashboard?week=next" : "/dashboard", signal),
    "Fehler beim Laden der Dashboard-Daten",
    next ? "next" : "this",
  );
  const data = dashboard.data;
  // Adjusted while rendering (React's pattern for state derived from a load): the switch then asks for next week.
  if (data?.next_week_suggested && !suggested && chosen === null) setSuggested(true);
  const { user } = useAuth();
  // Only admins may choose the holiday region (docs/PRODUCT-RULES.md §22.6): others are not asked for it.
  const asksRegion = !!user && can(user.role, "master-data:write");
  // Only those who decide requests are told they wait (docs/PRODUCT-RULES.md §26.3).
  const decidesRequests = !!user && can(user.role, "vacations:write");
  // Only planners can take the first steps; staff are not shown them (docs/PRODUCT-RULES.md §29.5).
  const plans = !!user && can(user.role, "shifts:write");
  const steps = data && {
    hasLocations: data.locations.total > 0,
    hasPresets: data.locations.with_presets > 0,
    hasEmployees: data.employees.total > 0,
    hasPlanned: data.shifts.planned_ahead,
    hasRegion: asksRegion ? !!data.holiday_region : null,
  };
  const week = data
    ? `KW ${isoWeekNumber(data.week_start)} · ${formatDayMonth(data.week_start)}–${formatDate(data.week_end)}`
    : undefined;

  return (
    <>
      <PageHeader title="Dashboard" description={week} />
      <WeekSwitch next={next} onChange={(value) => setChosen(value)} />
      {!data || !steps ? (
        <LoadingState />
      ) : (
        <div className="space-y-6">
          {plans && firstStepsOpen(steps) && <FirstSteps {...steps} />}
          <div
            className={classNames(
              "grid gap-4 sm:grid-cols-2",
              plans ? "lg:grid-cols-3 xl:grid-cols-5" : "xl:grid-cols-4",
            )}
          >
            <StatCard
              label="Mitarbeiter"
              value={data.employees.total}
              detail={`davon ${data.employees.hourly} im Stundenlohn`}
            />
            <StatCard label="Standorte" value={data.locations.total} detail="aktiv" />
            <StatCard
              label={next ? "Schichten nächste Woche" : "Schichten diese Woche"}
              value={data.shifts.total}
              detail={`${formatHours(data.shifts.assigned_hours)} h zugewiesen`}
            />
            <StatCard label="Ferien" value={data.vacations.total} detail="laufend oder in den nächsten 30 Tagen" />
            {/* Planners only: staff get 0 (docs/PRODUCT-RULES.md §32.8). */}
            {plans && <StatCard label="Jetzt eingestempelt" value={data.clocked_in} detail="laufende Zeiteinträge" />}
          </div>
          {plans && <TimeAlerts dashboard={data} />}
          {decidesRequests && <PendingVacationRequests count={data.pending_vacation_requests} />}
          {plans && (
            <WaitingApplications
              count={data.open_shift_applications.count}
              weekStart={data.open_shift_applications.week_start}
            />
          )}
          {plans && <WaitingSwaps count={data.pending_swaps} />}
          <DashboardAlerts dashboard={data} next={next} />
          <div className="grid gap-6 xl:grid-cols-2">
            {plans && <TodayOnDuty dashboard={data} />}
            <EmployeeWeekList weeks={data.employee_weeks} />
            <UpcomingVacations vacations={data.vacations.upcoming} total={data.vacations.total} />
            {data.holidays.length > 0 && (
              <UpcomingHolidays holidays={data.holidays} locationCount={data.locations.total} />
            )}
          </div>
          <nav aria-label="Schnellzugriff" className="flex flex-wrap gap-2">
            {QUICK_LINKS.map((link) => (
              <IntentLink
                key={link.href}
                href={link.href}
                className={classNames(
                  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4",
                  "text-sm font-medium text-slate-800 hover:bg-slate-50",
                )}
              >
                {link.label} →
              </IntentLink>
            ))}
          </nav>
        </div>
      )}
    </>
  );
}

/** "Diese Woche / Nächste Woche": on Sunday evening the owner plans the coming week (docs/PRODUCT-RULES.md §31.6). */
function WeekSwitch({ next, onChange }: { next: boolean; onChange: (week: "this" | "next") => void }) {
  const options = [
    { value: "this", label: "Diese Woche", active: !next },
    { value: "next", label: "Nächste Woche", active: next },
  ] as const;
  return (
    <div role="group" aria-label="Woche" className="mb-4 flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.active}
          onClick={() => onChange(option.value)}
          className={classNames(
            "min-h-10 rounded-full border px-3 text-sm font-medium max-sm:min-h-11",
            option.active
              ? "border-blue-300 bg-blue-50 text-blue-800"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
