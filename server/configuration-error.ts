/** The SPEC §2 Configuration Error screen, as a self-contained HTML document (HTTP 503). */
export const CONFIGURATION_ERROR_TITLE = "Configuration Error";
export const CONFIGURATION_ERROR_TEXT =
  "The application is not properly configured. Please contact the administrator.";

/**
 * A self-contained HTML document (no scripts, styles inline, not indexed) showing one message:
 * for answers the server gives without React (configuration error, a fault outside any page).
 * `title`, `text` and `extraHtml` are trusted markup.
 */
export function standalonePage(title: string, text: string, extraHtml = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}
h1{margin:0 0 .75rem;font-size:1.5rem;color:#b91c1c}
p{margin:0;line-height:1.6}
a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.25rem;border-radius:.5rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main role="alert">
<h1>${title}</h1>
<p>${text}</p>${extraHtml}
</main>
</body>
</html>`;
}

export function configurationErrorHtml(): string {
  return standalonePage(CONFIGURATION_ERROR_TITLE, CONFIGURATION_ERROR_TEXT);
}
