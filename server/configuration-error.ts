/** The SPEC §2 Configuration Error screen, as a self-contained HTML document (HTTP 503). */
export const CONFIGURATION_ERROR_TITLE = "Configuration Error";
export const CONFIGURATION_ERROR_TEXT =
  "The application is not properly configured. Please contact the administrator.";

export function configurationErrorHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${CONFIGURATION_ERROR_TITLE}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}
h1{margin:0 0 .75rem;font-size:1.5rem;color:#b91c1c}
p{margin:0;line-height:1.6}
</style>
</head>
<body>
<main role="alert">
<h1>${CONFIGURATION_ERROR_TITLE}</h1>
<p>${CONFIGURATION_ERROR_TEXT}</p>
</main>
</body>
</html>`;
}
