/** Bundles `entry` to `outfile` as the server ships (see bundle.mjs); resolves to how many packages stay external. */
export function bundleServer(entry: string, outfile: string): Promise<number>;
