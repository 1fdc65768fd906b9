import { afterAll, expect, test } from "vitest";
import { createDatabaseClient, PREPARED } from "@/lib/server/db/client";

// One connection, so every statement below runs in the same session and sees its prepared statements.
const single = createDatabaseClient({ poolSize: 1 });
afterAll(() => single.$disconnect());

const preparedHere = async () =>
  (await single.$queryRaw<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`).map(
    (row) => row.statement,
  );

test("a statement marked PREPARED is prepared once per connection and answers as an unmarked one", async () => {
  const marked = () => single.$queryRaw<{ n: number }[]>`${PREPARED} SELECT ${41}::int + 1 AS n`;
  expect(await marked()).toEqual([{ n: 42 }]);
  expect(await marked()).toEqual([{ n: 42 }]);
  const prepared = (await preparedHere()).filter((text) => text.includes("+ 1 AS n"));
  expect(prepared).toHaveLength(1);
  expect(prepared[0].startsWith("/* prepared */")).toBe(true);

  // Another text under the same mark gets a name of its own (pg refuses one name for two texts).
  expect(await single.$queryRaw`${PREPARED} SELECT ${1}::int + 2 AS n`).toEqual([{ n: 3 }]);
  expect((await preparedHere()).filter((text) => /\+ [12] AS n/.test(text))).toHaveLength(2);

  // Unmarked statements stay unnamed: nothing is kept for them.
  await single.$queryRaw`SELECT ${5}::int * 2 AS unmarked`;
  expect((await preparedHere()).some((text) => text.includes("unmarked"))).toBe(false);
});
