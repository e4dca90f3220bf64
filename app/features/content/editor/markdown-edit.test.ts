/** The body editor's toolbar: each button's edit of the Markdown and the selection after it. */
import { describe, expect, it } from "vitest";
import { applyEdit, formatEdit, pictureEdit, type Format } from "./markdown-edit";

/** `text` with the selection written as [ and ] (a caret as |), pressed `format`: the text and selection after, written the same way. */
function press(text: string, format: Format): string {
  const caret = text.indexOf("|");
  const [s, e] = caret >= 0 ? [caret, caret] : [text.indexOf("["), text.indexOf("]", text.indexOf("["))];
  const value = caret >= 0 ? text.replace("|", "") : text.slice(0, s) + text.slice(s + 1, e) + text.slice(e + 1);
  const [start, end] = caret >= 0 ? [s, s] : [s, e - 1];
  const edit = formatEdit(value, start, end, format);
  const after = applyEdit(value, edit);
  if (edit.selectFrom === edit.selectTo) return `${after.slice(0, edit.selectFrom)}|${after.slice(edit.selectFrom)}`;
  return `${after.slice(0, edit.selectFrom)}[${after.slice(edit.selectFrom, edit.selectTo)}]${after.slice(edit.selectTo)}`;
}

describe("formatEdit", () => {
  it("wraps the selection in bold or italic, leaving selected spaces outside", () => {
    expect(press("The [main ]ground", "bold")).toBe("The **[main]** ground");
    expect(press("The [main] ground", "italic")).toBe("The *[main]* ground");
  });

  it("unwraps when pressed again, around or inside the selection", () => {
    expect(press("The **[main]** ground", "bold")).toBe("The [main] ground");
    expect(press("The [**main**] ground", "bold")).toBe("The [main] ground");
    expect(press("The *[main]* ground", "italic")).toBe("The [main] ground");
    // Italic inside bold: pressing italic adds italic, it does not strip the bold.
    expect(press("The **[main]** ground", "italic")).toBe("The ***[main]*** ground");
    expect(press("The ***[main]*** ground", "italic")).toBe("The **[main]** ground");
  });

  it("inserts a placeholder, selected, when nothing is selected", () => {
    expect(press("Go |", "bold")).toBe("Go **[bold text]**");
    expect(press("|", "italic")).toBe("*[italic text]*");
  });

  it("wraps each line of a longer selection on its own", () => {
    expect(press("[one\ntwo]", "bold")).toBe("[**one**\n**two**]");
  });

  it("makes the lines of the selection headings, and plain again", () => {
    expect(press("Intro\nSp|orts day\nMore", "h2")).toBe("Intro\n## Sp|orts day\nMore");
    expect(press("## Sp|orts day", "h2")).toBe("Sp|orts day");
    expect(press("## Sp|orts day", "h3")).toBe("### Sp|orts day");
    expect(press("a\n|", "h3")).toBe("a\n### |");
  });

  it("makes bulleted and numbered lists of the selected lines, skipping blank ones, and back", () => {
    expect(press("[Relay\n\nLong jump]", "bullets")).toBe("[- Relay\n\n- Long jump]");
    expect(press("[- Relay\n- Long jump]", "bullets")).toBe("[Relay\nLong jump]");
    expect(press("[Red\nBlue\n]Green", "numbers")).toBe("[1. Red\n2. Blue]\nGreen");
    expect(press("[- Red\n- Blue]", "numbers")).toBe("[1. Red\n2. Blue]");
    expect(press("[1. Red\n2. Blue]", "numbers")).toBe("[Red\nBlue]");
    expect(press("|", "bullets")).toBe("- |");
  });

  it("makes a link of the selected words, selecting the address to type", () => {
    expect(press("See [the results] now", "link")).toBe("See [the results]([https://]) now");
    expect(press("See |", "link")).toBe("See [[link text]](https://)");
    expect(press("[https://example.org/r]", "link")).toBe("[[link text]](https://example.org/r)");
  });
});

describe("a picture from the school's photos", () => {
  const pic = { src: "/media/0123456789abcdef0123456789abcdef-1280.webp", alt: "Relay runners" };
  it("goes in as a paragraph of its own with its alt text selected", () => {
    const value = "First paragraph.\nSecond line";
    const edit = pictureEdit(value, 16, 16, pic);
    expect(applyEdit(value, edit)).toBe("First paragraph.\n\n![Relay runners](/media/0123456789abcdef0123456789abcdef-1280.webp)\n\nSecond line");
    expect(applyEdit(value, edit).slice(edit.selectFrom, edit.selectTo)).toBe("Relay runners");
  });

  it("adds no blank lines where there are some, and asks for a description when the photo has none", () => {
    const edit = pictureEdit("", 0, 0, { ...pic, alt: "" });
    expect(applyEdit("", edit)).toBe("![Describe the picture](/media/0123456789abcdef0123456789abcdef-1280.webp)");
    expect(applyEdit("Text\n\n", pictureEdit("Text\n\n", 6, 6, { ...pic, alt: "a [b]" }))).toBe("Text\n\n![a  b](/media/0123456789abcdef0123456789abcdef-1280.webp)");
  });
});
