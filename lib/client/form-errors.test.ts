import { expect, test } from "vitest";
import { z } from "zod";
import { byTopField, validate } from "./form-errors";

const schema = z.object({
  name: z.string().min(1, { error: "Bitte gib einen Namen ein" }),
  wage_types: z.record(z.string(), z.string().regex(/^\d+$/, { error: "Nur Ziffern" })),
});

test("names a field by its top-level key, or by its whole path as the server's 400 does", () => {
  const values = { name: "", wage_types: { night: "x", sunday: "12" } };
  expect(validate(schema, values).errors).toEqual({ name: "Bitte gib einen Namen ein", wage_types: "Nur Ziffern" });
  expect(validate(schema, values, { nested: true }).errors).toEqual({
    name: "Bitte gib einen Namen ein",
    "wage_types.night": "Nur Ziffern",
  });
  expect(validate(schema, { name: "Lea", wage_types: {} }, { nested: true }).data).toEqual({
    name: "Lea",
    wage_types: {},
  });
});

test("an issue of the whole value is the form's", () => {
  expect(validate(z.string({ error: "Kein Text" }), 1, { nested: true }).errors).toEqual({ form: "Kein Text" });
  expect(validate(z.string({ error: "Kein Text" }), 1).errors).toEqual({ form: "Kein Text" });
});

test("the server's item errors stand at their list's field, the first one per field", () => {
  expect(byTopField({ "events.1": "Unbekanntes Ereignis", "events.0": "Jedes Ereignis nur einmal", url: "x" })).toEqual(
    {
      events: "Unbekanntes Ereignis",
      url: "x",
    },
  );
});
