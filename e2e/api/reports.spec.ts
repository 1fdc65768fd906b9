import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

// The PDF routes in the production build: rendering happens in the worker thread.
test("schedule and hours PDFs download with their filenames and print Şahin, Łukasz, Ağaoğlu", async ({ request }) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const headers = { Authorization: `Bearer ${(await login.json()).accessToken}` };
  const location = await (
    await request.post("/api/locations", { headers, data: { name: "Łódź Bahnhof", color: "#10b981" } })
  ).json();
  const anna = await (
    await request.post("/api/employees", {
      headers,
      data: { first_name: "Ayşe", last_name: "Şahin", weekly_hours: 40 },
    })
  ).json();
  const lukasz = await (
    await request.post("/api/employees", {
      headers,
      data: { first_name: "Łukasz", last_name: "Ağaoğlu", weekly_hours: 20 },
    })
  ).json();
  for (const [employee, date] of [
    [anna.id, "2043-03-02"],
    [lukasz.id, "2043-03-03"],
    [null, "2043-03-04"],
  ]) {
    const res = await request.post("/api/shifts", {
      headers,
      data: {
        employee_id: employee,
        location_id: location.id,
        shift_date: date,
        start_time: "09:00",
        end_time: "17:00",
        is_custom: false,
      },
    });
    expect(res.status()).toBe(201);
  }

  const schedule = await request.get("/api/reports/schedule/pdf?start_date=2043-03-02&end_date=2043-03-08", {
    headers,
  });
  expect(schedule.status()).toBe(200);
  expect(schedule.headers()["content-disposition"]).toBe(
    'attachment; filename="Arbeitsplan_2043-03-02_2043-03-08.pdf"',
  );
  const schedulePdf = await schedule.body();
  expect(schedulePdf.subarray(0, 5).toString()).toBe("%PDF-");
  const scheduleText = execFileSync("pdftotext", ["-layout", "-", "-"], { input: schedulePdf }).toString();
  for (const expected of [
    "Arbeitsplan",
    "02.03.2043 – 08.03.2043",
    "Łódź Bahnhof",
    "Şahin",
    "Ağaoğlu",
    "Offen",
    "Seite 1 von 1",
  ]) {
    expect(scheduleText).toContain(expected);
  }

  const byEmployee = await request.get(
    "/api/reports/schedule/pdf?start_date=2043-03-02&end_date=2043-03-08&rows=employees",
    { headers },
  );
  expect(byEmployee.status()).toBe(200);
  expect(byEmployee.headers()["content-type"]).toBe("application/pdf");
  const employeeText = execFileSync("pdftotext", ["-layout", "-", "-"], { input: await byEmployee.body() }).toString();
  for (const expected of ["Wer arbeitet wann", "Mitarbeitende", "Łódź", "Ağaoğlu", "Offen"])
    expect(employeeText).toContain(expected);

  const hours = await request.get("/api/reports/hours/pdf?start_date=2043-03-01&end_date=2043-03-31", { headers });
  expect(hours.headers()["content-disposition"]).toBe(
    'attachment; filename="Stundenbericht_2043-03-01_2043-03-31.pdf"',
  );
  const hoursText = execFileSync("pdftotext", ["-layout", "-", "-"], { input: await hours.body() }).toString();
  expect(hoursText).toContain("Şahin, Ayşe");
  expect(hoursText).toContain("Ağaoğlu, Łukasz");
});
