/**
 * Every operation of the API, in the order of the reference. A test checks
 * that each handler in app/api is built from one of these (and each of these
 * has a handler), so the list cannot miss a route.
 */
import * as absences from "./absences";
import * as accessTokens from "./access-tokens";
import * as audit from "./audit";
import * as auth from "./auth";
import * as calendar from "./calendar";
import * as changes from "./changes";
import * as dashboard from "./dashboard";
import * as employees from "./employees";
import * as holidays from "./holidays";
import * as locations from "./locations";
import * as me from "./me";
import * as notifications from "./notifications";
import type { Operation } from "./operation";
import * as payroll from "./payroll";
import * as platform from "./platform";
import * as reports from "./reports";
import * as schedule from "./schedule";
import * as settings from "./settings";
import * as shifts from "./shifts";
import * as swaps from "./swaps";
import * as terminals from "./terminals";
import * as time from "./time";
import * as timesheets from "./timesheets";
import * as unavailability from "./unavailability";
import * as users from "./users";
import * as vacations from "./vacations";
import * as webhooks from "./webhooks";
import * as weekTemplates from "./week-templates";
import * as wishes from "./wishes";
import * as workRecord from "./work-record";

function operationsOf(module: Record<string, unknown>): Operation[] {
  return Object.values(module).filter(
    (value): value is Operation =>
      typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value,
  );
}

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const MODULES = [
  auth,
  users,
  employees,
  locations,
  shifts,
  swaps,
  changes,
  schedule,
  vacations,
  unavailability,
  wishes,
  absences,
  weekTemplates,
  dashboard,
  reports,
  settings,
  holidays,
  calendar,
  me,
  notifications,
  audit,
  platform,
  time,
  timesheets,
  payroll,
  terminals,
  workRecord,
  accessTokens,
  webhooks,
];

/** The contract's modules, for types derived from all operations (./api-paths.ts). */
export type ContractModule = (typeof MODULES)[number];

// A module's exports come in alphabetical order of their names: sort by path and method instead.
export const OPERATIONS: readonly Operation[] = MODULES.flatMap((module) =>
  operationsOf(module as Record<string, unknown>).sort(
    (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  ),
);
