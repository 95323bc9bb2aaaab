/**
 * Zod compiles object parsers with `new Function` when it may; under the server's
 * Content-Security-Policy (no 'unsafe-eval') even its probe for that is reported as a violation.
 * The app parses small search params and forms, so it parses without compiling. Imported first
 * by `main.tsx`, before any schema is used.
 */
import { z } from 'zod';

z.config({ jitless: true });
