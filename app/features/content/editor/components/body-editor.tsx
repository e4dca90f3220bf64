/**
 * The body of a content item (issue 28): a Markdown textarea with a formatting toolbar (bold,
 * italic, headings 2 and 3, lists, link: ../markdown-edit.ts) and a live preview beside it on
 * wide screens, below it on phones. The preview is rendered by the server
 * (POST /admin/content/preview: the same renderer and sanitiser as the site) 400 ms after the
 * last key, and says why the text could not be shown (an unknown {{token}}, a level-1 heading).
 * Text pasted from Word or Google Docs arrives as clean Markdown (../paste.ts, loaded when
 * someone pastes). Edits go through the browser's own typing (`insertText`), so Undo still works.
 * Without JavaScript the textarea is a plain one, posted with the form, and the preview shows
 * the text as last saved.
 */
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { ERROR_CLASS, LABEL_CLASS, fieldAria, inputClass } from "~/components/field";
import { useHydrated } from "~/lib/use-hydrated";
import { Prose } from "../../components/prose";
import { FORMATS, formatEdit, pictureEdit, type Format, type TextEdit } from "../markdown-edit";
import { ServerPicturePicker, usePickerToggle } from "../../components/picture-picker";
import type { BodyPreview } from "../view";

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

const BUTTONS: Record<Format, { label: string; face: ReactNode; keys?: string }> = {
  bold: { label: "Bold", face: <b>B</b>, keys: "Control+B" },
  italic: { label: "Italic", face: <i className="font-serif">I</i>, keys: "Control+I" },
  h2: { label: "Heading (level 2)", face: "H2" },
  h3: { label: "Subheading (level 3)", face: "H3" },
  bullets: { label: "Bulleted list", face: "• List" },
  numbers: { label: "Numbered list", face: "1. List" },
  link: { label: "Link", face: "Link" },
};

/** Types `edit` into `area` as the person would (keeps Undo), or sets the value when the browser cannot. */
function typeInto(area: HTMLTextAreaElement, edit: TextEdit): void {
  area.focus();
  area.setSelectionRange(edit.from, edit.to);
  const typed = edit.insert !== "" && document.execCommand?.("insertText", false, edit.insert);
  if (!typed) {
    const value = area.value.slice(0, edit.from) + edit.insert + area.value.slice(edit.to);
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }
  area.setSelectionRange(edit.selectFrom, edit.selectTo);
}

/** The value of the server-rendered textarea `id` while the page hydrates (null on the server or when absent). */
function typedBeforeHydration(id: string): string | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById(id);
  return el instanceof HTMLTextAreaElement ? el.value : null;
}

async function fetchPreview(body: string, signal: AbortSignal): Promise<BodyPreview> {
  const answer = await fetch("/admin/content/preview", { method: "POST", body: new URLSearchParams({ body }), signal, headers: { Accept: "application/json" } });
  if (!answer.ok) throw new Error(`preview ${answer.status}`);
  return (await answer.json()) as BodyPreview;
}

type Props = {
  /** The textarea's id and name ("body"). */
  id: string;
  name: string;
  label: string;
  hint: ReactNode;
  defaultValue: string;
  error?: string;
  /** The preview of `defaultValue`, rendered by the loader. */
  initialPreview: BodyPreview;
};

export function BodyEditor({ id, name, label, hint, defaultValue, error, initialPreview }: Props) {
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  // Text typed or pasted into the server's textarea before the page finished loading is the
  // text: read it as the page hydrates, or React would put the old text back over it.
  const [text, setText] = useState(() => (hydrated ? defaultValue : typedBeforeHydration(id) ?? defaultValue));
  const [preview, setPreview] = useState(initialPreview);
  const [previewFailed, setPreviewFailed] = useState(false);
  const picker = usePickerToggle("Picture");
  const shown = useRef(defaultValue);

  useEffect(() => {
    if (text === shown.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchPreview(text, controller.signal)
        .then((p) => {
          shown.current = text;
          setPreview(p);
          setPreviewFailed(false);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) {
            console.warn(e);
            setPreviewFailed(true);
          }
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const format = (f: Format) => {
    const el = area.current;
    if (el) typeInto(el, formatEdit(el.value, el.selectionStart, el.selectionEnd, f));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const key = e.key.toLowerCase();
    if (key === "b" || key === "i") {
      e.preventDefault();
      format(key === "b" ? "bold" : "italic");
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const html = e.clipboardData.getData("text/html");
    if (!html) return;
    e.preventDefault();
    const plain = e.clipboardData.getData("text/plain");
    const el = e.currentTarget;
    const [from, to] = [el.selectionStart, el.selectionEnd];
    import("../paste")
      .then(({ markdownOfPastedHtml }) => markdownOfPastedHtml(html))
      .catch((error: unknown) => {
        console.warn(error);
        return "";
      })
      .then((markdown) => {
        const insert = markdown || plain;
        if (insert) typeInto(el, { from, to, insert, selectFrom: from + insert.length, selectTo: from + insert.length });
      });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <label htmlFor={id} className={LABEL_CLASS}>{label}</label>
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">{hint}</p>
        {hydrated && (
          <div role="toolbar" aria-label="Formatting" aria-controls={id} className="mt-2 flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-1">
            {FORMATS.map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => format(f)}
                aria-label={BUTTONS[f].label}
                title={BUTTONS[f].keys ? `${BUTTONS[f].label} (${BUTTONS[f].keys.replace("Control", "Ctrl")})` : BUTTONS[f].label}
                aria-keyshortcuts={BUTTONS[f].keys}
                className="min-h-9 min-w-9 rounded-md px-2 text-sm font-semibold text-slate-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {BUTTONS[f].face}
              </button>
            ))}
            <button {...picker.toggle} className="min-h-9 rounded-md px-2 text-sm font-semibold text-slate-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700" />
          </div>
        )}
        {picker.open && (
          <div className="mb-2">
            <ServerPicturePicker
              legend="Put one of the school's photos in the text"
              onChoose={(chosen) => {
                const el = area.current;
                picker.close();
                if (el) typeInto(el, pictureEdit(el.value, el.selectionStart, el.selectionEnd, chosen));
              }}
            />
          </div>
        )}
        <textarea
          ref={area}
          id={id}
          name={name}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={12}
          spellCheck
          className={inputClass("dense", `font-mono leading-relaxed lg:min-h-[26rem] aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700 ${hydrated ? "mt-0 rounded-t-none" : ""}`)}
          {...fieldAria({ error, errorId, hintId })}
        />
        {error && <p id={errorId} className={ERROR_CLASS}>{error}</p>}
      </div>
      <div className="min-w-0">
        <p id={`${id}-preview-label`} className={LABEL_CLASS}>Preview</p>
        <p className="mt-0.5 text-sm text-slate-600">As visitors will see the text{hydrated ? "; it follows your typing." : ", as last saved."}</p>
        <div aria-live="polite">
          {preview.problem && <p className="mt-2 rounded-lg border border-red-300 bg-red-50 p-2 text-sm font-medium text-red-900" data-testid="preview-problem">{preview.problem}</p>}
          {previewFailed && <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">The preview could not be updated just now; your text is not affected.</p>}
        </div>
        {/* Focusable so the keyboard can scroll it (WCAG 2.1.1), as TableScroll does. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div role="region" aria-labelledby={`${id}-preview-label`} tabIndex={0} className="mt-2 max-h-[32rem] min-h-40 overflow-auto rounded-lg border border-slate-300 bg-white p-4 focus-visible:outline-2 focus-visible:outline-brand-700" data-testid="body-preview">
          {preview.html ? <Prose html={preview.html} className="text-base!" /> : <p className="text-sm text-slate-600">Nothing to show yet.</p>}
        </div>
      </div>
    </div>
  );
}
