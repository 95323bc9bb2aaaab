/**
 * Zod compiles object parsers with `new Function` when it may; under the server's
 * Content-Security-Policy (no 'unsafe-eval') even its probe for that is reported as a violation.
 * The app parses small search params and forms, so it parses without compiling. In the browser
 * `index.html` sets it before any chunk runs (a chunk may create schemas before `main.tsx`'s first
 * import is evaluated); this import covers the tests and any other entry.
 */
import { config } from 'zod/mini';

config({ jitless: true });
