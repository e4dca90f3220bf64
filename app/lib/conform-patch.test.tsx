/**
 * Conform as patched by patches/@conform-to+react+1.21.1.patch (docs/decisions/042): a field's
 * metadata is made once per form state, not once per property read. What a field says must be
 * unchanged: its own value, error and constraints, read as often as a render reads them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

function TwoFields({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [, fields] = useForm<{ name: string; city: string }>({
    id: "f",
    lastResult,
    defaultValue: { city: "Kharagpur" },
    constraint: { name: { required: true, maxLength: 80 }, city: { required: true } },
  });
  const name = fields.name;
  const city = fields.city;
  return (
    <form>
      <input {...getInputProps(name, { type: "text" })} />
      <p id={name.errorId}>{name.errors?.join(" ")}</p>
      <input {...getInputProps(city, { type: "text" })} />
      <p id={city.errorId}>{city.errors?.join(" ")}</p>
    </form>
  );
}

describe("Conform's field metadata, made once per form state", () => {
  it("is the installed Conform, for Node's import and require alike (an upgrade must carry the patch over)", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@conform-to/react"));
    for (const file of ["context.js", "context.mjs"]) {
      expect(readFileSync(path.join(dist, file), "utf8")).toContain("Patched (docs/decisions/042)");
    }
  });

  it("gives each field its own value, error and constraints", () => {
    const html = renderToStaticMarkup(<TwoFields lastResult={null} />);
    expect(html).toBe(
      '<form><input required="" id="f-name" form="f" type="text" maxLength="80" name="name"/><p id="f-name-error"></p>' +
        '<input required="" id="f-city" form="f" type="text" name="city" value="Kharagpur"/><p id="f-city-error"></p></form>',
    );
  });

  it("shows the server's answer: the typed values kept and the error beside its own field only", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { name: "Riya", city: "" },
      error: { city: ["Enter the town or city"] },
    };
    const html = renderToStaticMarkup(<TwoFields lastResult={lastResult} />);
    expect(html).toBe(
      '<form><input required="" id="f-name" form="f" type="text" maxLength="80" name="name" value="Riya"/><p id="f-name-error"></p>' +
        '<input required="" id="f-city" form="f" aria-invalid="true" aria-describedby="f-city-error" type="text" name="city"/>' +
        '<p id="f-city-error">Enter the town or city</p></form>',
    );
  });
});
