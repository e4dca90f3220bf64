import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, fieldAria, inputClass, TextArea, TextInput } from "./field";
import { Select } from "./select";

/** The attributes of the first element named `tag` in `html`. */
function attributes(html: string, tag: string): Record<string, string> {
  const open = html.match(new RegExp(`<${tag}\\b([^>]*)>`))?.[1] ?? "";
  return Object.fromEntries([...open.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, v ?? ""]));
}

describe("fieldAria", () => {
  it("marks the control invalid and names the error, then the hint", () => {
    expect(fieldAria({ error: "Enter a 10-digit mobile number", errorId: "phone-error", hintId: "phone-hint" })).toEqual({ "aria-invalid": true, "aria-describedby": "phone-error phone-hint" });
  });

  it("names only the hint while there is no error", () => {
    expect(fieldAria({ errorId: "phone-error", hintId: "phone-hint" })).toEqual({ "aria-describedby": "phone-hint" });
    expect(fieldAria({ error: "", errorId: "phone-error" })).toEqual({});
  });
});

describe("Field", () => {
  it("ties the label, the hint and the error to the control", () => {
    const aria = fieldAria({ error: "Required", errorId: "pin-error", hintId: "pin-hint" });
    const html = renderToStaticMarkup(
      <Field id="pin" label="PIN code" hint="Six digits." hintId="pin-hint" error="Required" errorId="pin-error">
        <TextInput id="pin" name="pin" look="form" {...aria} />
      </Field>,
    );
    expect(attributes(html, "label").for).toBe("pin");
    const input = attributes(html, "input");
    expect(input["aria-invalid"]).toBe("true");
    const described = input["aria-describedby"]?.split(" ");
    expect(described).toEqual(["pin-error", "pin-hint"]);
    expect(html).toContain('<p id="pin-error" class="mt-1 text-sm font-medium text-red-800">Required</p>');
    expect(html).toContain('<p id="pin-hint" class="mt-0.5 text-sm text-slate-600">Six digits.</p>');
  });

  it("shows no error paragraph and no aria-invalid while the value is fine", () => {
    const html = renderToStaticMarkup(
      <Field id="city" label="Town or city" errorId="city-error">
        <TextInput id="city" {...fieldAria({ errorId: "city-error" })} />
      </Field>,
    );
    expect(html).not.toContain("city-error");
    expect(attributes(html, "input")["aria-invalid"]).toBeUndefined();
  });
});

describe("inputClass", () => {
  it("gives inputs, selects and text areas the same look, plus the caller's additions", () => {
    const dense = inputClass("dense");
    expect(attributes(renderToStaticMarkup(<Select look="dense" />), "select").class).toBe(dense);
    expect(attributes(renderToStaticMarkup(<TextArea look="dense" />), "textarea").class).toBe(dense);
    expect(attributes(renderToStaticMarkup(<TextInput className="font-mono" />), "input").class).toBe(`${inputClass("base")} font-mono`);
  });

  it("shows a red ring only on the parents' forms, where controls carry aria-invalid", () => {
    expect(inputClass("form")).toContain("aria-invalid:ring-red-700");
    expect(inputClass("base")).not.toContain("aria-invalid");
  });
});
