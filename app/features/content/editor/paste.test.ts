/**
 * Pasting from Word and Google Docs into the body editor: what each program puts on the
 * clipboard (text/html, as Chromium receives it) becomes clean Markdown: Word's mso styles,
 * classes, conditional comments, comments and spans go; headings (level 1 made level 2), bold,
 * italic, links and lists stay.
 */
import { describe, expect, it } from "vitest";
import { markdownOfPastedHtml } from "./paste";

/** Word 365 (Windows) as Chromium's clipboard has it, shortened: a heading, a paragraph with bold, italic and a link, a bulleted and a numbered list, a comment. */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15">
<style><!-- p.MsoNormal {mso-style-unhide:no; margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} --></style>
<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->
</head>
<body lang=EN-IN style='tab-interval:36.0pt'>
<!--StartFragment-->
<h1><span lang=EN-US style='mso-ansi-language:EN-US'>Annual Sports Meet<o:p></o:p></span></h1>
<p class=MsoNormal><span style='mso-bidi-font-weight:bold'>The meet was held on the </span><b><span style='mso-bidi-font-weight:normal'>main ground</span></b><span> with <i>great</i>&nbsp;spirit. See the <a href="https://example.org/results">results</a>.<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Relay races<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Long jump<span class=MsoCommentReference><span style='font-size:8.0pt'><a class=msocomanchor id="_anchor_1" href="#_msocom_1" name="_msoanchor_1">[AB1]</a>&nbsp;</span></span><o:p></o:p></p>
<p class=MsoNormal>The winners:<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>Red house<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>Blue house<o:p></o:p></p>
<div style='mso-element:comment-list'><div style='mso-element:comment'><p class=MsoCommentText>Check the date</p></div></div>
<!--EndFragment-->
</body></html>`;

/** Google Docs as Chromium's clipboard has it: the whole copy in a <b> that is not bold, styles on spans. */
const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-5678-9abcdef01234"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;">Results day</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">Our students did </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;font-style:normal;">very well</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:italic;"> this year</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">.</span></p><br><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Science: 98%</span></p></li><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Commerce: 95%</span></p></li></ul><p dir="ltr"><img src="https://lh7-rt.googleusercontent.com/docsz/abc" width="100" height="80"></p></b>`;

describe("markdownOfPastedHtml", () => {
  it("turns a Word document into clean Markdown", () => {
    expect(markdownOfPastedHtml(WORD)).toBe(
      [
        "## Annual Sports Meet",
        "",
        "The meet was held on the **main ground** with *great* spirit. See the [results](https://example.org/results).",
        "",
        "- Relay races",
        "- Long jump",
        "",
        "The winners:",
        "",
        "1. Red house",
        "1. Blue house",
      ].join("\n"),
    );
  });

  it("leaves none of Word's markup behind", () => {
    const markdown = markdownOfPastedHtml(WORD);
    for (const trace of ["mso", "Mso", "<", "o:p", "[AB1]", "Check the date", "·", "StartFragment", "Calibri"]) expect(markdown).not.toContain(trace);
  });

  it("turns a Google Docs copy into Markdown, without making it all bold and without its pictures", () => {
    expect(markdownOfPastedHtml(GOOGLE_DOCS)).toBe(["## Results day", "", "Our students did **very well** *this year*.", "", "- Science: 98%", "- Commerce: 95%"].join("\n"));
  });

  it("keeps a nested Word list item indented under its parent", () => {
    const html = `<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>a)&nbsp;</span>Juniors</p><p class=MsoListParagraphCxSpLast style='mso-list:l0 level2 lfo1'><span style='mso-list:Ignore'>o&nbsp;</span>Under 10</p>`;
    expect(markdownOfPastedHtml(html)).toBe("1. Juniors\n    - Under 10");
  });

  it("drops scripts, styles and empty paragraphs, and answers \"\" when nothing readable is left", () => {
    expect(markdownOfPastedHtml(`<p>Safe</p><script>alert(1)</script><style>p{}</style><p>&nbsp;</p><p>text</p>`)).toBe("Safe\n\ntext");
    expect(markdownOfPastedHtml(`<p>&nbsp;</p><img src="file:///C:/x.png">`)).toBe("");
  });
});
