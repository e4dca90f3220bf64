/**
 * zod without `eval` in the browser (DESIGN.md §6's CSP). The first time a page makes an object
 * schema, zod 4 checks whether `new Function` may run, so that it can compile a faster parser.
 * Our `script-src` has no 'unsafe-eval', so in the browser that check is a CSP violation: it is
 * caught, but Chromium reports it as an issue, and Lighthouse scored best practices 0.96 for it
 * on /apply and /enquire. `jitless` skips the check and the compiler. The server keeps them: no
 * CSP applies there, and it parses every form. A side-effect module: import it before any module
 * that makes a schema (root.tsx and the enquiry island import it first).
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
