import { config } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function`, probing first whether eval is allowed; it
 * probes when a schema is built, i.e. when the contract modules load. Under our CSP (script-src
 * 'self', no 'unsafe-eval') that probe is reported as a violation, so parse without compiling.
 * main.tsx imports this module first, before anything that builds a schema.
 */
config({ jitless: true });
