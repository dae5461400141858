/** Bundles `entry` to `outfile` (ending in .js) as the server ships, its worker beside it (see bundle.mjs); resolves to how many packages stay external. */
export function bundleServer(entry: string, outfile: string): Promise<number>;
