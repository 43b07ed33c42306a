import { config } from 'zod';

// The app's CSP allows no eval, so zod's compiled parsers never run here; without `jitless` zod
// still tries a `new Function` once, which the browser reports as a CSP violation (Lighthouse's
// best practices: "issues in the Issues panel", 96 on every screen that parses a form). A module
// script of its own in index.html, run before the app's: inside the app's entry it would run after
// the chunks the entry imports, which define their schemas as they load.
config({ jitless: true });
