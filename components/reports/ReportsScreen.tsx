"use client";
import { useState } from "react";
import { PageHeader } from "@/components/ui/PageHeader";
import { useAuth } from "@/lib/client/auth-store";
import { today } from "@/lib/client/today";
import type { Period } from "@/lib/shared/periods";
import { can } from "@/lib/shared/roles";
import { HoursPanel } from "./HoursPanel";
import { panelId, ReportTabs, tabId, type TabItem } from "./ReportTabs";
import { SchedulePanel } from "./SchedulePanel";

type Tab = "schedule" | "hours";
const TABS: TabItem<Tab>[] = [
  { key: "schedule", label: "Arbeitsplan" },
  { key: "hours", label: "Stundenbericht" },
];
const ID = "reports";

/**
 * Reports (docs/PRODUCT-RULES.md §16.9): the work schedule and the hours report of a week or month,
 * previewed and as PDF.
 */
export function ReportsScreen() {
  const { user } = useAuth();
  if (!user || !can(user.role, "reports:read")) {
    return (
      <>
        <PageHeader title="Berichte" />
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Berichte sind nur für Manager und Administratoren verfügbar
        </p>
      </>
    );
  }
  return <Reports />;
}

function Reports() {
  const [tab, setTab] = useState<Tab>("schedule");
  // Period and filter belong to the screen, so switching tabs keeps them.
  const [period, setPeriod] = useState<Period>(() => ({ kind: "week", date: today() }));
  const [employeeId, setEmployeeId] = useState("");

  return (
    <>
      <PageHeader
        title="Berichte"
        description="Arbeitsplan und Stundenbericht einer Woche oder eines Monats, als Vorschau und PDF."
      />
      <ReportTabs label="Berichte" tabs={TABS} selected={tab} onSelect={setTab} idPrefix={ID} />
      <div
        role="tabpanel"
        id={panelId(ID, tab)}
        aria-labelledby={tabId(ID, tab)}
        tabIndex={0}
        className="pt-6 focus-visible:outline-offset-4"
      >
        {tab === "schedule" ? (
          <SchedulePanel period={period} onPeriodChange={setPeriod} />
        ) : (
          <HoursPanel
            period={period}
            onPeriodChange={setPeriod}
            employeeId={employeeId}
            onEmployeeChange={setEmployeeId}
          />
        )}
      </div>
    </>
  );
}
