/**
 * Type-level: the client's paths and answers come from the contract. tsc
 * (npm run typecheck) checks these lines; each `@ts-expect-error` fails the
 * check if its line compiles, so a wrong answer type or an unknown path must
 * not compile. The calls sit in a function that never runs: nothing is sent.
 */
import { describe, expectTypeOf, test } from "vitest";
import type {
  Availability,
  DashboardDto,
  VisibleEmployee,
  LocationDto,
  ShiftDto,
  UserDto,
  VacationDto,
} from "@/lib/shared/api-types";
import type { ApiAnswer, ApiPath } from "@/lib/shared/contract/api-paths";
import type { HoursReport } from "@/lib/shared/report-types";
import { api, publicPost } from "./api";

function neverCalled(start: string, end: string, id: number) {
  const employees: Promise<VisibleEmployee[]> = api.get("/employees");
  const shifts: Promise<ShiftDto[]> = api.get(`/shifts?start_date=${start}&end_date=${end}`);
  const user: Promise<UserDto> = api.put(`/users/${id}`, { role: "manager" });
  const created: Promise<ShiftDto> = api.post("/shifts", {});

  // @ts-expect-error the employees are a list of employees (in full or by name), not of shifts
  const wrongList: Promise<ShiftDto[]> = api.get("/employees");
  // @ts-expect-error one shift is not a list
  const wrongShape: Promise<ShiftDto> = api.get(`/shifts?start_date=${start}&end_date=${end}`);
  // @ts-expect-error no such path
  void api.get("/employee");
  // @ts-expect-error the vacations have no GET by id
  void api.get(`/vacations/${id}`);
  // @ts-expect-error a path the contract does not know cannot be smuggled in as a plain string
  void api.get(start);
  // @ts-expect-error no DELETE on the list
  void api.delete("/shifts");
  // @ts-expect-error PDFs are downloads, not JSON
  void api.get(`/reports/hours/pdf?${start}`);
  // @ts-expect-error the login answers a session or the two-factor step, not a user
  const wrongLogin: Promise<UserDto> = publicPost("/auth/login", {});

  return [employees, shifts, user, created, wrongList, wrongShape, wrongLogin];
}

describe("api paths and answers from the contract", () => {
  test("types the answers of GET paths, with a query and with ids", () => {
    expectTypeOf<ApiAnswer<"GET", "/employees">>().toEqualTypeOf<VisibleEmployee[]>();
    expectTypeOf<ApiAnswer<"GET", "/locations">>().toEqualTypeOf<LocationDto[]>();
    expectTypeOf<ApiAnswer<"GET", "/dashboard">>().toEqualTypeOf<DashboardDto>();
    expectTypeOf<ApiAnswer<"GET", `/shifts?start_date=${string}&end_date=${string}`>>().toEqualTypeOf<ShiftDto[]>();
    expectTypeOf<ApiAnswer<"GET", `/reports/hours?${string}`>>().toEqualTypeOf<HoursReport>();
    expectTypeOf<ApiAnswer<"GET", "/vacations" | `/vacations?employee_id=${string}`>>().toEqualTypeOf<VacationDto[]>();
    expectTypeOf<ApiAnswer<"GET", `/employees/${number}`>>().toEqualTypeOf<VisibleEmployee>();
    // Both /employees/{id} and /employees/{id}/availability/{date} fit: the narrower one answers.
    expectTypeOf<ApiAnswer<"GET", "/employees/5/availability/2026-03-02">>().toEqualTypeOf<Availability>();
    expectTypeOf(neverCalled).toBeFunction();
  });

  test("knows each method's paths", () => {
    expectTypeOf<"/week-templates/7/apply">().toExtend<ApiPath<"POST">>();
    expectTypeOf<"/week-templates/7/apply">().not.toExtend<ApiPath<"GET">>();
    expectTypeOf<"/shifts/7">().toExtend<ApiPath<"DELETE">>();
    expectTypeOf<"/shifts">().not.toExtend<ApiPath<"DELETE">>();
  });
});
