/**
 * Bundles `entry` to `outfile` (ending in .js) as the server ships, its worker and each of
 * `besideEntries` (output name → source) beside it (see bundle.mjs); resolves to how many packages
 * stay external.
 */
export function bundleServer(entry: string, outfile: string, besideEntries?: Record<string, string>): Promise<number>;
