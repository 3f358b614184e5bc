/**
 * How many browser-test files run at once, each worker with its own reference server and browser.
 * Most of a browser test is waiting (for a page, a timer, a server's answer), so two files share
 * CI's two cores well; E2E_WORKERS=1 runs them one after the other.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
